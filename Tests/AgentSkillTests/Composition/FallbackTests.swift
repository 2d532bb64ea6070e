import AgentSkill
import AgentSkillTesting
import Testing

@Suite("Fallback", .timeLimit(.minutes(5)))
struct FallbackTests {
  private func source(_ name: String, calls: LockIsolated<[String]>, fails error: (any Error)? = nil)
    -> ClosureSkill<String, String>
  {
    ClosureSkill(name) { key, _ in
      calls.withValue { $0.append("\(name):\(key)") }
      if let error { throw error }
      return "\(name) \(key)"
    }
  }

  @Test("the fallback does not run when the primary succeeds")
  func primarySucceeds() async throws {
    let calls = LockIsolated<[String]>([])
    let skill = source("Cache", calls: calls).fallback(to: source("Network", calls: calls))
    #expect(try await Harness().run(skill, "profile") == "Cache profile")
    #expect(calls.value == ["Cache:profile"])
    #expect(skill.name == "Fallback(Cache,Network)")
  }

  @Test("after a failure the fallback runs with the same input, and the switch is logged")
  func primaryFails() async throws {
    let calls = LockIsolated<[String]>([])
    let harness = Harness()
    let skill = source("Cache", calls: calls, fails: StubError("miss")).fallback(to: source("Network", calls: calls))
    #expect(try await harness.run(skill, "profile") == "Network profile")
    #expect(calls.value == ["Cache:profile", "Network:profile"])
    #expect(harness.logs.messages.contains("falling back to Network after: stub error miss"))
  }

  @Test("only errors the predicate accepts trigger the fallback")
  func predicate() async throws {
    let calls = LockIsolated<[String]>([])
    let onlyMisses: @Sendable (any Error) -> Bool = { ($0 as? StubError)?.id == "miss" }
    let corrupt = source("Cache", calls: calls, fails: StubError("corrupt"))
      .fallback(to: source("Network", calls: calls), when: onlyMisses)
    let error = try await #require(throws: StubError.self) { try await Harness().run(corrupt, "a") }
    #expect(error == StubError("corrupt"))
    #expect(calls.value == ["Cache:a"])

    let miss = source("Cache", calls: calls, fails: StubError("miss"))
      .fallback(to: source("Network", calls: calls), when: onlyMisses)
    #expect(try await Harness().run(miss, "b") == "Network b")
  }

  @Test("cancellation never triggers the fallback")
  func cancellationDoesNotFallBack() async throws {
    let calls = LockIsolated<[String]>([])
    let skill = source("Cache", calls: calls, fails: CancellationError()).fallback(to: source("Network", calls: calls))
    await #expect(throws: CancellationError.self) { try await Harness().run(skill, "a") }
    #expect(calls.value == ["Cache:a"])
  }

  @Test("when both fail, the fallback's error is thrown")
  func bothFail() async throws {
    let calls = LockIsolated<[String]>([])
    let skill = source("Cache", calls: calls, fails: StubError("miss"))
      .fallback(to: source("Network", calls: calls, fails: StubError("offline")))
    let error = try await #require(throws: StubError.self) { try await Harness().run(skill, "a") }
    #expect(error == StubError("offline"))
  }

  @Test("a timed-out primary falls back")
  func timeoutFallsBack() async throws {
    let clock = TestClock()
    let calls = LockIsolated<[String]>([])
    let slow = ClosureSkill<String, String>("Live") { key, context in
      try await context.sleep(for: .seconds(30))
      return "live \(key)"
    }
    let skill = slow.timeout(.seconds(2)).fallback(to: source("Cached", calls: calls))
    let task = Task { try await Harness(clock: clock).run(skill, "feed") }
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(2))
    #expect(try await task.value == "Cached feed")
  }
}

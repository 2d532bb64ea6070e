import AgentSkill
import AgentSkillTesting
import Testing

@Suite("Router", .timeLimit(.minutes(5)))
struct RouterTests {
  /// Where a payment flow sends the user.
  enum Screen: Equatable, Sendable {
    case paid(balanceLeft: Int)
    case topUp(missing: Int)
    case retryDialog(String)
    case timeoutNotice(Duration)
  }

  struct InsufficientFundsError: Error {}

  private static let amount = 100

  /// A payment flow: check the balance, then pay, top up, retry or report a timeout.
  private func payment(checkBalance: ClosureSkill<String, Int>) -> RouterSkill<
    TimeoutSkill<ClosureSkill<String, Int>>, Screen
  > {
    checkBalance
      .timeout(.seconds(10))
      .onSuccess(
        where: { $0 >= Self.amount }, ClosureSkill { balance, _ in Screen.paid(balanceLeft: balance - Self.amount) }
      )
      .onSuccess(ClosureSkill { balance, _ in Screen.topUp(missing: Self.amount - balance) })
      .onTimeout(ClosureSkill { timeout, _ in Screen.timeoutNotice(timeout.limit) })
      .onFailure(ClosureSkill { error, _ in Screen.retryDialog("\(error)") })
  }

  private func balance(_ value: Int) -> ClosureSkill<String, Int> {
    ClosureSkill("CheckBalanceSkill") { _, _ in value }
  }

  @Test("a success whose output satisfies the predicate takes that route")
  func successWithPredicate() async throws {
    let screen = try await Harness(clock: TestClock()).run(payment(checkBalance: balance(250)), "acct")
    #expect(screen == .paid(balanceLeft: 150))
  }

  @Test("a success the predicate rejects falls to the next success route")
  func successFallsThroughPredicate() async throws {
    let screen = try await Harness(clock: TestClock()).run(payment(checkBalance: balance(30)), "acct")
    #expect(screen == .topUp(missing: 70))
  }

  @Test("a failure takes the failure route with the error")
  func failure() async throws {
    let check = ClosureSkill<String, Int>("CheckBalanceSkill") { _, _ in throw StubError("declined") }
    let screen = try await Harness(clock: TestClock()).run(payment(checkBalance: check), "acct")
    #expect(screen == .retryDialog("stub error declined"))
  }

  @Test("a timeout on the TestClock takes the timeout route")
  func timeout() async throws {
    let clock = TestClock()
    let check = ClosureSkill<String, Int>("CheckBalanceSkill") { _, context in
      try await context.sleep(for: .seconds(60))
      return 500
    }
    let task = Task { try await Harness(clock: clock).run(payment(checkBalance: check), "acct") }
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(10))
    #expect(try await task.value == .timeoutNotice(.seconds(10)))
  }

  @Test("without a timeout route a timeout is routed as a failure")
  func timeoutWithoutTimeoutRoute() async throws {
    let clock = TestClock()
    let router = ClosureSkill<Void, Int>("Slow") { _, context in
      try await context.sleep(for: .seconds(60))
      return 1
    }
    .timeout(.seconds(1))
    .onSuccess(ClosureSkill<Int, String> { _, _ in "ok" })
    .onFailure(ClosureSkill<any Error, String> { error, _ in error is SkillTimeoutError ? "timed out" : "other" })
    let task = Task { try await Harness(clock: clock).run(router, ()) }
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(1))
    #expect(try await task.value == "timed out")
  }

  @Test("when several routes match, the first declared wins")
  func firstDeclaredWins() async throws {
    let router = balance(500)
      .onSuccess(where: { $0 > 10 }, ClosureSkill<Int, String> { _, _ in "first" })
      .onSuccess(where: { $0 > 100 }, ClosureSkill<Int, String> { _, _ in "second" })
      .onSuccess(ClosureSkill<Int, String> { _, _ in "default" })
    #expect(try await Harness().run(router, "acct") == "first")
  }

  @Test("failure routes with predicates are tried in order")
  func failurePredicates() async throws {
    let router = ClosureSkill<Void, Int>("Pay") { _, _ in throw InsufficientFundsError() }
      .onFailure(where: { $0 is StubError }, ClosureSkill<any Error, String> { _, _ in "stub" })
      .onFailure(where: { $0 is InsufficientFundsError }, ClosureSkill<any Error, String> { _, _ in "top up" })
      .onFailure(ClosureSkill<any Error, String> { _, _ in "generic" })
    #expect(try await Harness().run(router, ()) == "top up")
  }

  @Test("an output no route accepts throws a RouterError naming the skill and the output")
  func noRouteForOutput() async throws {
    let router = balance(5).onSuccess(where: { $0 > 10 }, ClosureSkill<Int, String> { _, _ in "rich" })
    let error = try await #require(throws: RouterError.self) { try await Harness().run(router, "acct") }
    guard case .noRouteForOutput(let skillName, let output) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(skillName == "CheckBalanceSkill")
    #expect(output == "5")
    #expect(error.description.hasPrefix("CheckBalanceSkill succeeded with 5 but no onSuccess route matched."))
    #expect(!error.isRetryable)
  }

  @Test("a failure no route accepts throws a RouterError wrapping the error")
  func noRouteForFailure() async throws {
    let router = ClosureSkill<Void, Int>("Pay") { _, _ in throw StubError("declined") }
      .onSuccess(ClosureSkill<Int, String> { _, _ in "ok" })
    let error = try await #require(throws: RouterError.self) { try await Harness().run(router, ()) }
    guard case .noRouteForFailure(let skillName, let underlying) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(skillName == "Pay")
    #expect(underlying as? StubError == StubError("declined"))
  }

  @Test("cancellation is not routed")
  func cancellationNotRouted() async throws {
    let routed = Counter()
    let router = ClosureSkill<Void, Int>("Pay") { _, _ in throw CancellationError() }
      .onFailure(
        ClosureSkill<any Error, String> { _, _ in
          routed.increment()
          return "failure"
        })
    await #expect(throws: CancellationError.self) { try await Harness().run(router, ()) }
    #expect(routed.value == 0)
  }

  @Test("the base covers the first half of the progress and the route the second")
  func progressHalves() async throws {
    let harness = Harness()
    let router = adding(1, name: "Base").onSuccess(adding(1, name: "Route"))
    #expect(try await harness.run(router, 0) == 2)
    #expect(approximatelyEqual(harness.progress.value, [0.25, 0.5, 0.75, 1]))
    #expect(harness.monitor.events.value == ["started:Base", "finished:Base", "started:Route", "finished:Route"])
    #expect(router.name == "Router(Base)")
  }

  @Test("the chosen route's error is thrown unchanged")
  func routeErrorUnchanged() async throws {
    let router = balance(500).onSuccess(failing(StubError("charge failed"), name: "Charge", as: (Int, String).self))
    let error = try await #require(throws: StubError.self) { try await Harness().run(router, "acct") }
    #expect(error == StubError("charge failed"))
  }
}

import AgentSkill
import AgentSkillTesting
import Foundation

enum TestIntent: Hashable, Sendable, Codable {
  case load
  case refresh
  case prefetchMore
  case send(String)
  case upload(Int)
  case fail
  case other
}

enum TestEffect: Hashable, Sendable, Codable {
  case loading(String)
  case append([String])
  case loaded
  case failure(String)
  case note(String)
}

struct TestContext: Equatable, Sendable, Codable {
  enum Phase: Equatable, Sendable, Codable {
    case idle
    case loading(String)
    case loaded
    case failure(String)
  }

  var phase = Phase.idle
  var items: [String] = []
  var notes: [String] = []
}

typealias TestAgent = Agent<TestContext, TestIntent, TestEffect>
typealias TestSkill = ClosureIntentSkill<TestContext, TestIntent, TestEffect>

/// The reducer the tests share; it never returns follow-ups.
@MainActor
func testReduce(_ context: inout TestContext, _ effect: TestEffect) -> [TestIntent] {
  switch effect {
  case .loading(let hint): context.phase = .loading(hint)
  case .append(let items):
    context.items += items
    context.phase = .loaded
  case .loaded: context.phase = .loaded
  case .failure(let message): context.phase = .failure(message)
  case .note(let note): context.notes.append(note)
  }
  return []
}

/// A one-shot signal a test awaits and a skill fires (or the other way round).
final class Latch: Sendable {
  private let state = LockIsolated<(fired: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  func fire() {
    let waiters = state.withValue { state -> [CheckedContinuation<Void, Never>] in
      state.fired = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  var isFired: Bool { state.value.fired }

  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withValue { state -> Bool in
        if state.fired { return true }
        state.waiters.append(continuation)
        return false
      }
      if ready { continuation.resume() }
    }
  }
}

/// Collects log lines.
final class LogLines: LogSink {
  private let lines = LockIsolated<[LogEntry]>([])
  func write(_ entry: LogEntry) { lines.withValue { $0.append(entry) } }
  var entries: [LogEntry] { lines.value }
}

/// Collects monitor events.
final class EventLog: SkillMonitor {
  private let events = LockIsolated<[String]>([])
  func record(_ event: SkillEvent) {
    let line: String
    switch event {
    case .started(let run): line = "started \(run.skillName)"
    case .progressed(let run, _): line = "progress \(run.skillName)"
    case .finished(let run, _): line = "finished \(run.skillName)"
    case .failed(let run, _, _): line = "failed \(run.skillName)"
    case .cancelled(let run, _): line = "cancelled \(run.skillName)"
    }
    events.withValue { $0.append(line) }
  }
  var lines: [String] { events.value }
}

/// A skill that claims the given intents and runs `body`.
func skill(
  _ name: String, priority: Int = 0, handles intents: Set<TestIntent>,
  policy: @escaping @Sendable (TestIntent) -> IntentPolicy = { _ in .cancelPrevious },
  _ body: @escaping @Sendable (TestIntent, TestContext, EffectSink<TestEffect>) async throws -> Handling
) -> TestSkill {
  TestSkill(name, priority: priority, policy: policy, canHandle: { intents.contains($0) }, handle: body)
}

extension AgentTimeline {
  /// The kinds of the recorded entries, in order.
  var kinds: [AgentTimelineDocument.Kind] { entries.map(\.event.kind) }

  /// The effects applied, in order.
  var appliedEffects: [Effect] {
    entries.compactMap { entry in
      if case .effectApplied(let effect) = entry.event { return effect }
      return nil
    }
  }
}

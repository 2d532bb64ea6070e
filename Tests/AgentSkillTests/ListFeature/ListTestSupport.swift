import AgentSkill
import AgentSkillList
import AgentSkillTesting
import Foundation
import Observation

/// The item the list-feature tests use.
struct ListMessage: Identifiable, Hashable, Sendable, Codable {
  var id: String
  var text: String

  init(_ id: String, _ text: String = "") {
    self.id = id
    self.text = text.isEmpty ? "message \(id)" : text
  }
}

typealias MessageContext = ListContext<ListMessage>
typealias MessageIntent = ListIntent<ListMessage>
typealias MessageEffect = ListEffect<ListMessage>
typealias MessageStore = AgentTestStore<MessageContext, MessageIntent, MessageEffect>

/// `count` messages with identifiers `prefix1`, `prefix2`, …
func messages(_ prefix: String, _ count: Int, from first: Int = 1) -> [ListMessage] {
  (first..<first + count).map { ListMessage("\(prefix)\($0)") }
}

/// A retry policy with exact waits: 1 s, then 2 s, 4 s…
func exactBackoff(attempts: Int) -> RetryPolicy {
  RetryPolicy(maxAttempts: attempts, initialDelay: .seconds(1), multiplier: 2, jitter: 0)
}

/// A store around a list agent using the standard reducer.
@MainActor
func makeListStore(
  _ skills: [any IntentSkill<MessageContext, MessageIntent, MessageEffect>],
  context: MessageContext = MessageContext(),
  clock: TestClock
) -> MessageStore {
  MessageStore(
    context: context,
    skills: skills,
    reduce: ListReducer.reduce,
    mapFailure: ListReducer.mapFailure(strings: .english),
    environment: SkillEnvironment(clock: clock))
}

/// Suspends until the agent's context satisfies `condition`, re-checking
/// after every change the agent publishes (no polling).
@MainActor
func waitUntil<Context, Intent, Effect>(
  _ agent: Agent<Context, Intent, Effect>, _ condition: (Context) -> Bool
) async {
  while !condition(agent.context) {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      withObservationTracking {
        _ = agent.context
      } onChange: {
        continuation.resume()
      }
    }
  }
}

/// A scripted data source: answers requests in order with the scripted
/// results (repeating the last one), after `latency` on the clock, and
/// records every request.
final class ListPageScript: Sendable {
  private let state: LockIsolated<(results: [Result<Page<ListMessage>, TestFailure>], requests: [PageRequest])>
  private let clock: TestClock?
  private let latency: Duration

  init(_ results: [Result<Page<ListMessage>, TestFailure>], clock: TestClock? = nil, latency: Duration = .zero) {
    self.state = LockIsolated((results, []))
    self.clock = clock
    self.latency = latency
  }

  var requests: [PageRequest] { state.value.requests }

  func fetch(_ request: PageRequest) async throws -> Page<ListMessage> {
    let result = state.withValue { state -> Result<Page<ListMessage>, TestFailure> in
      state.requests.append(request)
      let next = state.results.first ?? .failure(TestFailure("script exhausted"))
      if state.results.count > 1 { state.results.removeFirst() }
      return next
    }
    if let clock, latency > .zero { try await clock.sleep(for: latency) }
    return try result.get()
  }
}

/// An `AsyncSequence` of text deltas the test feeds by hand, reporting how
/// far the consumer got: ``waitUntilRequested(_:)`` returns once `next()`
/// was called that many times, so every earlier element has been consumed.
final class ListDeltaFeed: AsyncSequence, @unchecked Sendable {
  typealias Element = String

  struct AsyncIterator: AsyncIteratorProtocol {
    let feed: ListDeltaFeed
    mutating func next() async throws -> String? { try await feed.next() }
  }

  private let lock = NSLock()
  private var queue: [String] = []
  private var ending: TestFailure??
  private var waiting: CheckedContinuation<String?, any Error>?
  private var requested = 0
  private var requestWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  private var cancelled = false

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(feed: self) }

  /// Whether the consumer's `next()` was cancelled.
  var wasCancelled: Bool { locked { cancelled } }

  /// How many times `next()` was called.
  var requestCount: Int { locked { requested } }

  func yield(_ delta: String) {
    let continuation: CheckedContinuation<String?, any Error>? = locked {
      if let waiting {
        self.waiting = nil
        return waiting
      }
      queue.append(delta)
      return nil
    }
    continuation?.resume(returning: delta)
  }

  func finish(throwing error: TestFailure? = nil) {
    let continuation: CheckedContinuation<String?, any Error>? = locked {
      ending = .some(error)
      defer { waiting = nil }
      return waiting
    }
    if let error { continuation?.resume(throwing: error) } else { continuation?.resume(returning: nil) }
  }

  func waitUntilRequested(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready: Bool = locked {
        if requested >= count { return true }
        requestWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  private func next() async throws -> String? {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String?, any Error>) in
        let (ready, immediate, error): ([CheckedContinuation<Void, Never>], String??, (any Error)?) = locked {
          requested += 1
          let ready = requestWaiters.filter { $0.count <= requested }.map(\.continuation)
          requestWaiters.removeAll { $0.count <= requested }
          if cancelled { return (ready, nil, CancellationError()) }
          if !queue.isEmpty { return (ready, .some(queue.removeFirst()), nil) }
          if let ending {
            if let failure = ending { return (ready, nil, failure) }
            return (ready, .some(nil), nil)
          }
          waiting = continuation
          return (ready, nil, nil)
        }
        if let error {
          continuation.resume(throwing: error)
        } else if let immediate {
          continuation.resume(returning: immediate)
        }
        for waiter in ready { waiter.resume() }
      }
    } onCancel: {
      let continuation: CheckedContinuation<String?, any Error>? = locked {
        cancelled = true
        defer { waiting = nil }
        return waiting
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}

typealias ConversationContext = MessageListContext<ListMessage>
typealias ConversationIntent = MessageListIntent<ListMessage>
typealias ConversationEffect = MessageListEffect<ListMessage>
typealias ConversationStore = AgentTestStore<ConversationContext, ConversationIntent, ConversationEffect>

/// A message list whose list is loaded with `items`.
func conversation(_ items: [ListMessage] = [], sendStates: [String: SendState] = [:]) -> ConversationContext {
  ConversationContext(list: ListContext(phase: .loaded, items: items, loadedPages: 1), sendStates: sendStates)
}

/// A store around a message-list agent using the standard reducer.
@MainActor
func makeConversationStore(
  _ skills: [any IntentSkill<ConversationContext, ConversationIntent, ConversationEffect>],
  context: ConversationContext = ConversationContext(),
  clock: TestClock
) -> ConversationStore {
  ConversationStore(
    context: context,
    skills: skills,
    reduce: MessageListReducer.reduce,
    mapFailure: MessageListReducer.mapFailure(strings: .english),
    environment: SkillEnvironment(clock: clock))
}

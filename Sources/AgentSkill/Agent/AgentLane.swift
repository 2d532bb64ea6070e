/// Identifies the lane a run belongs to (see ``IntentLane``).
enum AgentLaneKey: Hashable {
  /// The lane of the mounted skill with this mount number.
  case skill(UInt64)
  /// The agent's single shared lane.
  case agent
  /// A named lane.
  case custom(AgentTaskID)
}

/// The runs in flight and queued in one lane.
///
/// Running runs are keyed by sequence (cheap removal even with thousands of
/// parallel runs); queued runs keep their order — the order their intents
/// were sent — in an array read from a moving head.
@MainActor
struct AgentLane {
  typealias Run = AgentRunNode

  private(set) var running: [UInt64: Run] = [:]
  private var queue: [Run] = []
  private var head = 0
  /// How many of the lane's runs, running or queued, are barriers.
  private(set) var barrierCount = 0

  /// The queued runs, oldest first.
  var queued: ArraySlice<Run> { queue[head...] }
  var hasRunning: Bool { !running.isEmpty }
  var hasQueued: Bool { head < queue.count }
  var isEmpty: Bool { running.isEmpty && !hasQueued }

  /// Every run of the lane: running ones, then queued ones.
  var runs: [Run] { Array(running.values) + Array(queued) }

  /// Whether a running or queued run satisfies `predicate`.
  func contains(where predicate: (Run) -> Bool) -> Bool {
    running.values.contains(where: predicate) || queued.contains(where: predicate)
  }

  mutating func addRunning(_ run: Run) {
    running[run.sequence] = run
    if run.concurrency == .barrier { barrierCount += 1 }
  }

  /// Queues `run` in send order.
  mutating func enqueue(_ run: Run) {
    if run.concurrency == .barrier { barrierCount += 1 }
    guard let last = queue.last, hasQueued, last.sequence > run.sequence else {
      queue.append(run)
      return
    }
    let index = queue[head...].firstIndex { $0.sequence > run.sequence } ?? queue.endIndex
    queue.insert(run, at: index)
  }

  /// The oldest queued run, without taking it.
  var first: Run? { hasQueued ? queue[head] : nil }

  /// Takes the oldest queued run.
  mutating func dequeue() -> Run? {
    guard hasQueued else { return nil }
    let run = queue[head]
    if run.concurrency == .barrier { barrierCount -= 1 }
    head += 1
    if head == queue.count {
      queue.removeAll(keepingCapacity: true)
      head = 0
    } else if head > 32, head * 2 > queue.count {
      queue.removeFirst(head)
      head = 0
    }
    return run
  }

  /// Removes `run`, running or queued; returns whether it was in the lane.
  @discardableResult
  mutating func remove(_ run: Run) -> Bool {
    if running.removeValue(forKey: run.sequence) == nil {
      guard let index = queue[head...].firstIndex(where: { $0 === run }) else { return false }
      queue.remove(at: index)
    }
    if run.concurrency == .barrier { barrierCount -= 1 }
    return true
  }
}

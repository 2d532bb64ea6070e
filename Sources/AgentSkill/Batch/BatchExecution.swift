/// Runs a batch's items — sequentially or with bounded concurrency — and
/// reports aggregate progress; shared by ``BatchSkill`` and ``BatchRetrySkill``.
struct BatchExecution<Item: Skill>: Sendable {
  typealias Outcome = BatchResult<Item.Input, Item.Output>.Outcome
  typealias Work = (index: Int, input: Item.Input)

  let item: Item
  let maxConcurrentItems: Int
  let onItemEvent: (@Sendable (BatchItemEvent<Item.Input, Item.Output>) -> Void)?

  /// Runs each piece of `work`, returning the outcomes by position.
  ///
  /// Progress reported to `context` is `(finished + Σ in-flight fractions) / work.count`,
  /// which for sequential work is `(i + f) / n`. Cancellation is checked
  /// before each item starts and reaches running items through their task.
  func run(_ work: [Work], context: SkillContext) async throws -> [Int: Outcome] {
    try context.checkCancellation()
    guard !work.isEmpty else {
      context.reportProgress(1)
      return [:]
    }
    let progress = BatchProgress(count: work.count) { context.reportProgress($0) }
    progress.start()
    if maxConcurrentItems <= 1 || work.count == 1 {
      var outcomes: [Int: Outcome] = [:]
      for (slot, piece) in work.enumerated() {
        try context.checkCancellation()
        outcomes[piece.index] = try await runItem(piece, slot: slot, progress: progress, context: context)
      }
      return outcomes
    }
    return try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
      var pending = work.enumerated().makeIterator()
      var outcomes: [Int: Outcome] = [:]
      for _ in 0..<min(maxConcurrentItems, work.count) {
        guard let (slot, piece) = pending.next() else { break }
        group.addTask { (piece.index, try await runItem(piece, slot: slot, progress: progress, context: context)) }
      }
      while let (index, outcome) = try await group.next() {
        outcomes[index] = outcome
        if let (slot, piece) = pending.next() {
          try context.checkCancellation()
          group.addTask { (piece.index, try await runItem(piece, slot: slot, progress: progress, context: context)) }
        }
      }
      return outcomes
    }
  }

  private func runItem(_ piece: Work, slot: Int, progress: BatchProgress, context: SkillContext) async throws
    -> Outcome
  {
    let index = piece.index
    let onItemEvent = self.onItemEvent
    let itemContext = SkillContext(
      skillName: "\(item.name)[\(index)]",
      runID: context.runID,
      environment: context.environment,
      progress: { fraction in
        progress.update(slot: slot, fraction: fraction)
        onItemEvent?(.progressed(index: index, fraction: fraction))
      }
    )
    onItemEvent?(.started(index: index, input: piece.input))
    do {
      let output = try await itemContext.execute(item, piece.input)
      progress.finish(slot: slot)
      onItemEvent?(.succeeded(index: index, output: output))
      return .succeeded(output)
    } catch {
      if isCancellation(error) { throw error }
      context.logger.warning("item \(index + 1) failed: \(describe(error))")
      progress.finish(slot: slot)
      onItemEvent?(.failed(index: index, error: error))
      return .failed(error)
    }
  }
}

/// Aggregates per-item progress into the batch's progress, never reporting
/// a lower value than before.
private final class BatchProgress: Sendable {
  private struct State {
    var finished: Set<Int> = []
    var inFlight: [Int: Double] = [:]
    var lastReported = -1.0
  }

  private let count: Int
  private let state = LockIsolated(State())
  private let report: @Sendable (Double) -> Void

  init(count: Int, report: @escaping @Sendable (Double) -> Void) {
    self.count = count
    self.report = report
  }

  func start() {
    deliver { _ in }
  }

  func update(slot: Int, fraction: Double) {
    deliver { state in
      guard !state.finished.contains(slot) else { return }
      state.inFlight[slot] = max(state.inFlight[slot] ?? 0, fraction)
    }
  }

  func finish(slot: Int) {
    deliver { state in
      state.inFlight[slot] = nil
      state.finished.insert(slot)
    }
  }

  /// Applies `change` and reports the new total, under the lock so reports
  /// from concurrent items arrive in increasing order.
  private func deliver(_ change: (inout State) -> Void) {
    state.withValue { state in
      change(&state)
      let total = min((Double(state.finished.count) + state.inFlight.values.reduce(0, +)) / Double(count), 1)
      guard total > state.lastReported else { return }
      state.lastReported = total
      report(total)
    }
  }
}

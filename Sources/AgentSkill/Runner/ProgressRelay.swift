/// Carries progress reports from a running skill (any task) to its runner
/// on the main actor, never backwards, hopping as little as the delivery
/// mode allows.
final class ProgressRelay: Sendable {
  private struct State {
    var latest = -1.0
    var hopPending = false
  }

  private let state = LockIsolated(State())
  private let delivery: ProgressDelivery
  private let apply: @MainActor @Sendable (Double) -> Void

  init(delivery: ProgressDelivery, apply: @escaping @MainActor @Sendable (Double) -> Void) {
    self.delivery = delivery
    self.apply = apply
  }

  func report(_ fraction: Double) {
    let shouldHop = state.withValue { state -> Bool in
      guard fraction > state.latest else { return false }
      state.latest = fraction
      switch delivery {
      case .everyReport:
        return true
      case .coalesced:
        if state.hopPending { return false }
        state.hopPending = true
        return true
      }
    }
    guard shouldHop else { return }
    switch delivery {
    case .everyReport:
      Task { @MainActor in self.apply(fraction) }
    case .coalesced:
      Task { @MainActor in
        let value = self.state.withValue { state -> Double in
          state.hopPending = false
          return state.latest
        }
        self.apply(value)
      }
    }
  }
}

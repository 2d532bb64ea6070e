import Testing

@testable import AgentSkill

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ProgressRelayTests {
  /// Collects applied values and resumes a waiter once `expected` arrived; on the
  /// main actor, where the relay delivers (a waiter off it would race the deliveries).
  @MainActor final class Applied {
    var values: [Double] = []
    var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?

    func append(_ value: Double) {
      values.append(value)
      if let waiter, values.last == 1 || values.count >= waiter.count {
        self.waiter = nil
        waiter.continuation.resume()
      }
    }

    func waitForFinalValue() async {
      if values.last == 1 { return }
      await withCheckedContinuation { waiter = (Int.max, $0) }
    }
  }

  @Test func everyReportDeliversEachValueInOrder() async {
    let applied = Applied()
    let relay = ProgressRelay(delivery: .everyReport) { applied.append($0) }
    for step in 1...4 { relay.report(Double(step) / 4) }
    await applied.waitForFinalValue()
    #expect(applied.values == [0.25, 0.5, 0.75, 1])
  }

  @Test func coalescedDeliveryHopsOnceForABurstAndEndsOnTheLatestValue() async {
    let applied = Applied()
    let relay = ProgressRelay(delivery: .coalesced) { applied.append($0) }
    // All reports happen before the main actor can run the single pending hop.
    for step in 1...100 { relay.report(Double(step) / 100) }
    await applied.waitForFinalValue()
    #expect(applied.values == [1])
  }

  @Test func valuesThatGoBackwardsAreNeverDelivered() async {
    let applied = Applied()
    let relay = ProgressRelay(delivery: .everyReport) { applied.append($0) }
    relay.report(0.6)
    relay.report(0.4)
    relay.report(0.6)
    relay.report(1)
    await applied.waitForFinalValue()
    #expect(applied.values == [0.6, 1])
  }
}

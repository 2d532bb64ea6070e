import AgentSkillTesting
import Testing

@Suite("Checkpoint")
struct CheckpointTests {
  @Test func waitersContinueOnRelease() async throws {
    let checkpoint = Checkpoint()
    let waiter = Task { try await checkpoint.arriveAndWait() }
    await checkpoint.waitForArrival()
    #expect(checkpoint.arrivals == 1)
    #expect(!checkpoint.isReleased)
    checkpoint.release()
    try await waiter.value
    #expect(checkpoint.isReleased)
  }

  @Test func releasedCheckpointLetsLaterArrivalsThrough() async throws {
    let checkpoint = Checkpoint()
    checkpoint.release()
    try await checkpoint.arriveAndWait()
    try await checkpoint.arriveAndWait()
    #expect(checkpoint.arrivals == 2)
  }

  @Test func cancellingAWaiterThrows() async throws {
    let checkpoint = Checkpoint()
    let waiter = Task { try await checkpoint.arriveAndWait() }
    await checkpoint.waitForArrival()
    waiter.cancel()
    await #expect(throws: CancellationError.self) { try await waiter.value }
    #expect(!checkpoint.isReleased)
  }

  @Test func waitForArrivalCountsEveryKindOfArrival() async throws {
    let checkpoint = Checkpoint()
    async let three: Void = checkpoint.waitForArrival(3)
    checkpoint.markArrival()
    checkpoint.markArrival()
    let waiter = Task { try await checkpoint.arriveAndWait() }
    await three
    #expect(checkpoint.arrivals == 3)
    checkpoint.release()
    try await waiter.value
  }
}

import AgentSkill
import Foundation

/// Issue 3 bench (c): time from `cancelAll()` until the running skill
/// observes the cancellation (its sleep throws). Target: median < 1 ms.
struct AgentCancellationBench: BenchSuite {
  enum Intent: Sendable { case wait }

  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult] {
    let name = "agent.cancel_all_latency"
    guard selected(name, filter) else { return [] }
    let iterations = scale.iterations(2_000)
    let clock = ContinuousClock()
    let observed = LockIsolated<ContinuousClock.Instant?>(nil)
    let started = LockIsolated<CheckedContinuation<Void, Never>?>(nil)
    let skill = ClosureIntentSkill<Int, Intent, Int>(
      "Waiting", canHandle: { _ in true },
      handle: { _, _, _ in
        started.withValue {
          $0?.resume()
          $0 = nil
        }
        do {
          try await Task.sleep(for: .seconds(60))
        } catch {
          observed.setValue(ContinuousClock.now)
        }
        return .handled
      })
    let agent = Agent<Int, Intent, Int>(context: 0, skills: [skill], reduce: { _, _ in [] })
    var latencies: [Double] = []
    for _ in 0..<iterations {
      observed.setValue(nil)
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        started.setValue(continuation)
        agent.send(.wait)
      }
      let start = clock.now
      agent.cancelAll()
      while observed.value == nil { await Task.yield() }
      if let end = observed.value { latencies.append(nanoseconds(start.duration(to: end))) }
    }
    let medianNanoseconds = median(latencies)
    return [
      BenchResult(
        name: name, iterations: iterations,
        fields: [
          ("median_ns", .number(medianNanoseconds)),
          ("p90_ns", .number(latencies.sorted()[min(latencies.count - 1, latencies.count * 9 / 10)])),
          ("target", .text("median < 1 ms")), ("meets_target", .bool(medianNanoseconds < 1_000_000)),
        ])
    ]
  }
}

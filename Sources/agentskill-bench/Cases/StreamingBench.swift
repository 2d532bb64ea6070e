import AgentSkill
import AgentSkillList
import Foundation

/// Issue 3 bench (b): 10,000 deltas streamed as fast as possible through the
/// message list's 100 ms batching window. Targets: context writes ≤
/// elapsed / 100 ms + 1, characters lost 0.
struct StreamingBench: BenchSuite {
  struct Message: Identifiable, Sendable, Equatable {
    let id: Int
    let text: String
  }

  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult] {
    let name = "list.stream_10k_deltas_100ms_window"
    guard selected(name, filter) else { return [] }
    let deltas = scale == .quick ? 1_000 : 10_000
    var expected = ""
    var pieces: [String] = []
    for index in 0..<deltas {
      let piece = index % 7 == 0 ? "字\(index)" : "d\(index) "
      pieces.append(piece)
      expected += piece
    }
    let source = pieces
    let writes = LockIsolated(0)
    let stream = MessageStreamSkill<Message, AsyncStream<String>>(
      batchWindow: .milliseconds(100),
      stream: { _ in
        AsyncStream { continuation in
          for piece in source { continuation.yield(piece) }
          continuation.finish()
        }
      })
    let agent = Agent(
      context: MessageListContext<Message>(), skills: [stream],
      reduce: { context, effect in
        if case .appendDelta = effect { writes.withValue { $0 += 1 } }
        return MessageListReducer.reduce(&context, effect)
      },
      timeline: .disabled)
    let clock = ContinuousClock()
    let start = clock.now
    await agent.send(.stream("bench")).finish()
    let elapsed = start.duration(to: clock.now)
    let allowed = Int(nanoseconds(elapsed) / 100_000_000) + 1
    let lost = expected.count - agent.context.streamedText.count
    let exact = agent.context.streamedText == expected
    return [
      BenchResult(
        name: name, iterations: deltas,
        fields: [
          ("elapsed_ms", .number(nanoseconds(elapsed) / 1e6)), ("context_writes", .integer(writes.value)),
          ("max_allowed_writes", .integer(allowed)), ("characters_lost", .integer(lost)),
          ("text_identical", .bool(exact)),
          ("target", .text("writes <= elapsed/100ms + 1, 0 lost")),
          ("meets_target", .bool(writes.value <= allowed && lost == 0 && exact)),
        ])
    ]
  }
}

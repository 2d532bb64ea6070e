import AgentSkill
import AgentSkillList
import Foundation

/// Something the transcript shows.
enum ScenarioEvent {
  /// A step of the script starts.
  case step(String)
  /// The phase changed (a failure carries its error).
  case phase(LoadPhase, messages: Int)
  /// Streamed text arrived; the text so far.
  case delta(String)
  /// A streamed reply became a message.
  case streamed(DemoMessage, batches: Int, messages: Int)
}

/// The message-list scenario on the message list feature: first
/// load, pull to refresh, three streamed replies, a refresh that fails after
/// its retries, and a retry that succeeds.
///
/// All timing runs on the injected clock, so the same script plays in real
/// time in the terminal and instantly under a test clock.
@MainActor
struct MessagesScenario<C: Clock> where C.Duration == Duration {
  let clock: C
  /// How long the server takes to answer.
  var latency: Duration = .milliseconds(120)
  /// How long the script pauses between steps.
  var pause: Duration = .milliseconds(100)
  /// How often a streamed reply produces two more characters.
  var chunkDelay: Duration = .milliseconds(15)
  /// How the agent records its timeline.
  var timeline: AgentTimelineOptions = .automatic

  /// Plays the script, reporting every event as it happens; returns the agent.
  func play(_ report: @escaping @MainActor (ScenarioEvent) -> Void) async -> MessageListAgent<DemoMessage> {
    let server = DemoMessageServer(clock: clock, latency: latency, chunkDelay: chunkDelay)
    let strings = ListStrings.simplifiedChinese
    let retry = RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(100), multiplier: 2, jitter: 0)
    var batches = 0
    let load = ListLoadSkill(retry: retry, strings: strings, fetch: server.fetch)
    let agent = MessageListAgent<DemoMessage>(
      context: MessageListContext(),
      skills: [
        load.scoped(
          context: \.list, intent: { if case .list(let intent) = $0 { intent } else { nil } },
          effect: MessageListEffect.list),
        MessageStreamSkill(strings: strings, makeItem: server.storeReply) { prompt in server.streamReply(to: prompt) },
      ],
      reduce: { context, effect in
        let before = context.list.phase
        let followUps = MessageListReducer.reduce(&context, effect)
        switch effect {
        case .beginStream:
          batches = 0
        case .appendDelta:
          batches += 1
          report(.delta(context.streamedText))
        case .finishStream(let message?):
          report(.streamed(message, batches: batches, messages: context.list.items.count))
        default:
          if context.list.phase != before {
            report(.phase(context.list.phase, messages: context.list.items.count))
          }
        }
        return followUps
      },
      mapFailure: MessageListReducer.mapFailure(strings: strings),
      name: "MessageAgent",
      environment: SkillEnvironment(clock: clock),
      timeline: timeline)

    report(.step("load"))
    await agent.send(.list(.load)).finish()
    await rest()

    server.receive(from: "小王", "刷新一下，我刚发了新消息。")
    report(.step("refresh"))
    await agent.send(.list(.refresh)).finish()
    await rest()

    report(.step("stream three replies"))
    for prompt in ["总结一下", "有什么风险", "谢谢"] {
      await agent.send(.stream(prompt)).finish()
    }
    await rest()

    server.setOnline(false)
    report(.step("refresh with the network down"))
    await agent.send(.list(.refresh)).finish()
    await rest()

    server.setOnline(true)
    report(.step("retry with the network back"))
    await agent.send(.list(.retry)).finish()
    return agent
  }

  private func rest() async {
    try? await clock.sleep(for: pause)
  }
}

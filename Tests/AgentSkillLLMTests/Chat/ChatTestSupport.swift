import AgentSkill
import AgentSkillLLM
import AgentSkillTesting
import Foundation
import Observation

/// Skills, models and helpers shared by the chat agent tests.
enum ChatFixtures {
  static let cities = ["北京", "上海", "广州", "深圳"]

  struct CityInput: Decodable, Sendable {
    let city: String
  }

  struct ReminderInput: Decodable, Sendable {
    let title: String
  }

  /// A weather skill for supported cities; records the cities it ran for.
  static func weather(log: LockIsolated<[String]> = LockIsolated([])) -> ToolSkillOf<CityInput> {
    ToolSkillOf<CityInput>(
      id: "weather",
      displayName: LocalizedText("天气查询", translations: ["en": "Weather"]),
      description: "查询指定城市当前天气以及未来三天的预报信息",
      inputSchema: .object(properties: ["city": .string(description: "城市名称")], required: ["city"]),
      tags: ["weather"],
      keywords: ["天气", "气温", "下雨", "weather"],
      validators: [.allowedValues(cities, at: "/city")]
    ) { input, _ in
      log.withValue { $0.append(input.city) }
      return ToolOutput(
        summary: "\(input.city)今天多云 22°C，后天有雨",
        display: .keyValues(["城市": input.city, "天气": "多云", "温度": "22°C"]))
    }
  }

  /// A reminder that needs the user's confirmation; records what it created.
  static func reminder(log: LockIsolated<[String]> = LockIsolated([])) -> ToolSkillOf<ReminderInput> {
    ToolSkillOf<ReminderInput>(
      id: "reminder",
      displayName: "设置提醒",
      description: "Creates a reminder",
      inputSchema: .object(properties: ["title": .string()], required: ["title"]),
      keywords: ["提醒", "remind"],
      requiresConfirmation: true
    ) { input, _ in
      log.withValue { $0.append(input.title) }
      return .text("已创建提醒：\(input.title)")
    }
  }

  /// A bookkeeping query that takes `seconds` on the context's clock.
  static func ledger(seconds: Int64 = 2, started: Checkpoint? = nil) -> ToolSkillOf<EmptyToolInput> {
    ToolSkillOf<EmptyToolInput>(
      id: "ledger", displayName: "记账查询", description: "Looks up bookkeeping entries", keywords: ["记账", "账单"]
    ) { _, context in
      started?.markArrival()
      try await context.sleep(for: .seconds(seconds))
      return ToolOutput(
        summary: "上周三共 5 笔支出，合计 ¥326.50",
        display: .table(ToolTable(columns: ["类别", "金额"], rows: [["餐饮", "¥180.00"]])))
    }
  }

  /// A registry with the given skills.
  @MainActor
  static func registry(_ skills: [any ToolSkill]) throws -> SkillRegistry {
    let registry = SkillRegistry()
    try registry.register(contentsOf: skills)
    return registry
  }

  /// A feedback log path in a fresh temporary directory.
  static func temporaryLogURL() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("agentskill-chat-\(UUID().uuidString)", isDirectory: true)
      .appendingPathComponent("logs", isDirectory: true)
      .appendingPathComponent("feedback.jsonl")
  }

  /// A chat agent on a scripted model and a test clock.
  @MainActor
  static func chat(
    _ model: any LanguageModel, registry: SkillRegistry, clock: TestClock = TestClock(),
    options: ChatAgentOptions = ChatAgentOptions(), instructions: String? = "You are a helpful assistant.",
    feedbackLogURL: URL? = nil, logSink: (any LogSink)? = nil
  ) -> ChatAgent {
    ChatAgent(
      model: model, registry: registry, instructions: instructions, options: options,
      feedbackLogURL: feedbackLogURL ?? temporaryLogURL(),
      environment: SkillEnvironment(clock: clock, logSink: logSink))
  }
}

extension ChatAgent {
  /// The messages' roles, in order.
  var roles: [ChatAgentMessage.Role] { messages.map(\.role) }

  /// Every tool call in the conversation, in order.
  var allCalls: [ChatToolCall] { messages.flatMap(\.toolCalls) }

  /// The tool messages' results, in order.
  var results: [ChatToolResult] { messages.compactMap(\.toolResult) }

  /// Suspends until `predicate` holds for the context, re-checking after
  /// every context change (no polling, no sleeping).
  func waitUntil(_ predicate: @escaping @MainActor (ChatContext) -> Bool) async {
    while !predicate(context) {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumed = LockIsolated(false)
        let resume: @Sendable () -> Void = {
          let first = resumed.withValue { done -> Bool in
            defer { done = true }
            return !done
          }
          if first { continuation.resume() }
        }
        withObservationTracking {
          _ = self.context
        } onChange: {
          resume()
        }
        if predicate(context) { resume() }
      }
    }
  }
}

extension ChatAgent {
  /// Every phase the context went through, replayed from the timeline's applied effects.
  var phaseHistory: [ChatPhase] {
    var context = ChatContext()
    var phases: [ChatPhase] = []
    for entry in timeline.entries {
      guard case .effectApplied(let effect) = entry.event else { continue }
      _ = ChatReducer.reduce(&context, effect)
      if context.phase != (phases.last ?? .idle) { phases.append(context.phase) }
    }
    return phases
  }
}

import AgentSkillLLM
import AgentSkillOffline
import Foundation

/// Tools and a fixed clock for the rule-based model tests: Friday 2026-03-06 10:00 in Shanghai.
enum OfflineFixtures {
  static let timeZone = TimeZone(identifier: "Asia/Shanghai") ?? TimeZone(secondsFromGMT: 8 * 3600) ?? .current
  /// 2026-03-06T10:00:00+08:00, a Friday.
  static let now = Date(timeIntervalSince1970: 1_772_762_400)

  static let cities = ["北京", "上海", "广州", "深圳", "杭州", "成都", "Beijing", "Shanghai", "Guangzhou", "Shenzhen"]

  static let ledger = ToolDefinition(
    name: "ledger_query",
    description: "查询记账明细并按类别汇总 (looks up ledger entries for a day or a period and sums the expenses by category)",
    parameters: .object(
      properties: [
        "from": .string(description: "第一天 (first day)", format: .date),
        "to": .string(description: "最后一天 (last day)", format: .date),
        "category": .string(description: "只看某个类别", enum: ["餐饮", "交通", "购物"]),
        "language": .string(enum: ["zh", "en"]),
      ],
      required: ["from", "to"]
    )
  )

  static let weather = ToolDefinition(
    name: "weather",
    description: "查询城市天气和未来几天的预报 (weather and forecast for a city)",
    parameters: .object(
      properties: [
        "city": .string(description: "城市名称，支持的城市见列表"),
        "date": .string(description: "哪一天，默认今天", format: .date),
        "language": .string(enum: ["zh", "en"]),
      ],
      required: ["city"]
    )
  )

  static let reminder = ToolDefinition(
    name: "create_reminder",
    description: "创建提醒：在指定时间提醒用户做一件事（如开会、吃药）. Creates a reminder for a given time.",
    parameters: .object(
      properties: [
        "title": .string(title: "提醒内容", description: "要提醒的事"),
        "at": .string(description: "提醒时间", format: .dateTime),
        "language": .string(enum: ["zh", "en"]),
      ],
      required: ["title", "at"]
    )
  )

  /// One argument of each kind, for table tests.
  static func probe(_ name: String, _ schema: JSONSchema, required: Bool = true) -> ToolDefinition {
    ToolDefinition(
      name: "probe",
      description: "probe",
      parameters: .object(
        properties: JSONSchema.Properties([(name, schema), ("language", .string(enum: ["zh", "en"]))]),
        required: required ? [name] : []
      )
    )
  }

  static func model(knownValues: RuleBasedModel.KnownValues = defaultKnownValues) -> RuleBasedModel {
    RuleBasedModel(
      knownValues: knownValues,
      capabilities: [
        LocalizedText("记账查询", translations: ["en": "Ledger"]),
        LocalizedText("天气查询", translations: ["en": "Weather"]),
        LocalizedText("提醒", translations: ["en": "Reminders"]),
      ],
      timeZone: timeZone,
      now: { now }
    )
  }

  static let defaultKnownValues: RuleBasedModel.KnownValues = ["weather": ["/city": cities]]
}

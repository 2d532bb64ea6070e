import AgentSkill
import AgentSkillLLM
import Foundation

/// Skills used by the tool and registry tests, namespaced to avoid clashing with other suites' fixtures.
enum ToolFixtures {
  /// A weather skill: supported cities are checked by a validator.
  struct Weather: ToolSkill {
    struct Input: Decodable, Sendable {
      let city: String
      let days: Int?
    }

    static let cities = ["北京", "上海", "广州", "深圳"]

    let id = "weather"
    let displayName = LocalizedText("天气查询", translations: ["en": "Weather"])
    let description = "查询指定城市当前天气以及未来三天的预报信息"
    let inputSchema = JSONSchema.object(
      properties: [
        "city": .string(description: "城市名称，必须是中国内地城市的中文名"),
        "days": .integer(minimum: 1, maximum: 7),
      ],
      required: ["city"]
    )
    let tags = ["weather"]
    let keywords = ["天气", "气温", "下雨", "预报", "weather", "forecast", "temperature", "rain"]
    var validators: [ArgumentValidator] { [.allowedValues(Self.cities, at: "/city")] }

    func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
      ToolOutput(
        summary: "\(input.city)今天多云 22°C，后天有雨",
        display: .keyValues(["城市": input.city, "天气": "多云", "温度": "22°C"])
      )
    }
  }

  /// A bookkeeping query that needs the ledger permission and has no validators.
  struct Ledger: ToolSkill {
    struct Input: Decodable, Sendable {
      let date: String
    }

    let id = "ledger_query"
    let description = "Looks up bookkeeping entries for a day and sums them by category"
    let inputSchema = JSONSchema.object(properties: ["date": .string(format: .date)], required: ["date"])
    let tags = ["ledger"]
    let keywords = ["记账", "账单", "开销", "bill", "expense"]
    var requiredPermission: SkillPermission? { "ledger" }

    func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
      .text("\(input.date): 5 entries")
    }
  }

  /// A reminder skill that needs confirmation and a custom matcher.
  struct Reminder: ToolSkill {
    struct Input: Decodable, Sendable {
      let title: String
      let at: String
    }

    let id = "reminder"
    let description = "Creates a reminder"
    let inputSchema = JSONSchema.object(
      properties: ["title": .string(), "at": .string(format: .dateTime)],
      required: ["title", "at"]
    )
    let requiresConfirmation = true
    var requiredPermission: SkillPermission? { .reminders }

    func canHandle(_ intent: UserRequest) async -> IntentMatch {
      intent.text.contains("提醒") ? .certain("asks for a reminder") : .noMatch("no reminder wording")
    }

    func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
      .text("已创建提醒：\(input.at) \(input.title)")
    }
  }

  /// A failure a skill throws.
  struct ServiceDown: Error, CustomStringConvertible {
    var description: String { "weather service unreachable" }
  }

  /// A skill with the given id and keywords that echoes its arguments' `text`.
  static func keywordSkill(
    _ id: String,
    tags: [String] = [],
    keywords: [String] = [],
    permission: SkillPermission? = nil
  ) -> ToolSkillOf<EmptyToolInput> {
    ToolSkillOf(
      id: id, description: "Test skill \(id)", tags: tags, keywords: keywords, requiredPermission: permission
    ) { _, _ in .text(id) }
  }

  /// The error `body` throws, cast to `E`, or `nil` when it returns or throws something else.
  nonisolated(nonsending) static func thrown<E: Error, T>(_ type: E.Type, _ body: () async throws -> T) async -> E? {
    do {
      _ = try await body()
      return nil
    } catch {
      return error as? E
    }
  }

  /// A context for running skills directly.
  static func context(_ name: String = "test") -> SkillContext {
    SkillContext(skillName: name)
  }
}

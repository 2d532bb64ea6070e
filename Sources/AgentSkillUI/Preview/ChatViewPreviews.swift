#if canImport(SwiftUI) && DEBUG
  import AgentSkill
  import AgentSkillLLM
  import Foundation
  import SwiftUI

  /// A weather tool for the library's own previews: a fixed card for a few cities.
  private struct PreviewWeatherSkill: ToolSkill {
    struct Input: Decodable, Sendable {
      let city: String
    }

    let id = "weather"
    let displayName = LocalizedText("天气查询", translations: ["en": "Weather"])
    let description = "查询城市天气。Weather for a city."
    let keywords = ["天气", "weather"]
    var inputSchema: JSONSchema {
      .object(properties: ["city": .string(description: "城市 (city)")], required: ["city"])
    }
    var validators: [ArgumentValidator] { [.allowedValues(["北京", "上海"], at: "/city")] }

    func run(_ input: Input, context: SkillContext) async throws -> ToolOutput {
      try await context.sleep(for: .seconds(1))
      return ToolOutput(
        summary: "\(input.city)今天多云，18–26°C。",
        display: .keyValues(
          ToolKeyValues(title: "\(input.city) · 今天", pairs: [.init("天气", "多云"), .init("气温", "18–26°C")])))
    }
  }

  /// ``ChatView`` on the offline model: a weather question is asked on appear.
  struct ChatViewPreviews: PreviewProvider {
    static var previews: some View {
      NavigationStack {
        ChatView(agent: chat)
          .debugPanelButton()
          .navigationTitle("Assistant")
      }
      .task { chat.send("北京天气怎么样？") }
    }

    @MainActor private static let chat: ChatAgent = {
      let registry = SkillRegistry()
      do {
        try registry.register(PreviewWeatherSkill())
      } catch {
        assertionFailure("\(error)")
      }
      return ChatAgent(
        model: RuleBasedModel(registry: registry, streamingPace: .milliseconds(40)), registry: registry,
        feedbackLogURL: FileManager.default.temporaryDirectory.appendingPathComponent("preview-feedback.jsonl"),
        name: "PreviewChat")
    }()
  }

  /// The tool result views: a grouped table with subtotals, labelled values, a failure.
  struct ChatToolResultViewPreviews: PreviewProvider {
    static var previews: some View {
      ScrollView {
        VStack(spacing: 16) {
          ChatToolResultView(result: result(.table(ledger), success: true))
          ChatToolResultView(
            result: result(.keyValues(["城市": "北京", "天气": "多云", "气温": "18–26°C"]), success: true))
          ChatToolResultView(result: result(.none, success: false))
        }
        .padding()
      }
    }

    private static let ledger = ToolTable(
      title: "上周三的支出",
      columns: ["时间", "项目", ToolTable.Column("金额", alignment: .trailing)],
      groups: [
        ToolTable.Group(
          title: "餐饮", rows: [["12:00", "午饭", "¥35.00"], ["19:00", "晚饭", "¥80.00"]],
          subtotal: ["小计", "", "¥115.00"]),
        ToolTable.Group(title: "交通", rows: [["08:10", "地铁", "¥6.00"]], subtotal: ["小计", "", "¥6.00"]),
      ],
      total: ["合计", "", "¥121.00"])

    private static func result(_ display: ToolDisplay, success: Bool) -> ChatToolResult {
      ChatToolResult(
        callID: "c1", skillID: "ledger_query", displayName: "记账查询",
        summary: success ? "3 笔支出" : "\"纽约\" is not supported; supported: 北京, 上海", display: display,
        isSuccess: success)
    }
  }
#endif

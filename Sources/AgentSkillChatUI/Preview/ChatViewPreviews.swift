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

  /// A scripted model for the previews: it asks the weather tool about the
  /// city the user named, then answers from the tool's summary, streaming the
  /// text a few characters at a time.
  private struct PreviewModel: LanguageModel {
    func respond(to request: ChatRequest) async throws -> ChatResponse {
      if let last = request.messages.last, last.role == .tool {
        return ChatResponse(text: "查到了：\(last.content)", finishReason: .stop)
      }
      let question = request.messages.last?.content ?? ""
      let city = ["上海", "北京"].first { question.contains($0) } ?? "北京"
      let call = ToolCall(id: "preview-1", name: "weather", arguments: ["city": .string(city)])
      return ChatResponse(toolCalls: [call], finishReason: .toolCalls)
    }

    func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
      AsyncThrowingStream { continuation in
        let task = Task {
          do {
            let response = try await respond(to: request)
            for character in response.text ?? "" {
              try await Task.sleep(for: .milliseconds(40))
              continuation.yield(.textDelta(String(character)))
            }
            continuation.yield(.completed(response))
            continuation.finish()
          } catch {
            continuation.finish(throwing: error)
          }
        }
        continuation.onTermination = { _ in task.cancel() }
      }
    }
  }

  /// ``ChatView`` on a scripted model: a weather question is asked on appear.
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
        model: PreviewModel(), registry: registry,
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

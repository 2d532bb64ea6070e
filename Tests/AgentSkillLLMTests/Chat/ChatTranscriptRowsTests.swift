import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

/// What a hand-built chat list shows when it follows ``ChatAgent``'s docs:
/// `List(chat.messages.filter(\.showsTextBubble))` has a row with words for
/// every question and answer, and no empty rows for the messages that only
/// call tools or carry a tool's result.
@Suite("ChatAgent transcript rows", .timeLimit(.minutes(5)))
@MainActor
struct ChatTranscriptRowsTests {
  typealias Fixtures = ChatFixtures

  @Test func theDocumentedFilterLeavesOneRowWithTextPerQuestionAndAnswer() async throws {
    let model = ScriptedLanguageModel([
      .toolCall(name: "weather", arguments: ["city": "北京"]),
      .text("北京今天多云，22 度。"),
      .text("不客气！"),
    ])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather()]))

    await chat.send("北京天气怎么样？").finish()
    await chat.send("谢谢").finish()

    // Unfiltered, the conversation holds the model's tool request (no words)
    // and the tool's result (what the model was told): rows a text list must not show.
    #expect(chat.roles == [.user, .assistant, .tool, .assistant, .user, .assistant])
    #expect(chat.messages[1].text.isEmpty)
    #expect(chat.messages[1].toolCalls.map(\.name) == ["weather"])

    let rows = chat.messages.filter(\.showsTextBubble)
    #expect(rows.map(\.role) == [.user, .assistant, .user, .assistant])
    #expect(rows.map(\.text) == ["北京天气怎么样？", "北京今天多云，22 度。", "谢谢", "不客气！"])
    #expect(rows.allSatisfy { !$0.text.isEmpty })
    // The tool's result is there for a screen that shows it (by role), with its display.
    #expect(
      chat.messages.compactMap(\.toolResult).map(\.display) == [
        .keyValues(["城市": "北京", "天气": "多云", "温度": "22°C"])
      ])
  }

  @Test func aFailedTurnLeavesNoEmptyRow() async throws {
    let model = ScriptedLanguageModel([.failure(LanguageModelError.httpStatus(code: 401, message: "bad key"))])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather()]))

    await chat.send("北京天气怎么样？").finish()

    #expect(chat.phase.kind == .failed)
    let rows = chat.messages.filter(\.showsTextBubble)
    #expect(rows.map(\.role) == [.user])
    #expect(rows.allSatisfy { !$0.text.isEmpty })
  }

  @Test func aCancelledAnswerLeavesNoEmptyRow() async throws {
    let opened = Checkpoint()
    let model = ScriptedLanguageModel([.events([.event(.textDelta("从前")), .wait(opened)])])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather()]))

    let turn = chat.send("讲个笑话")
    await opened.waitForArrival()
    // The answer has started and its words are not shown yet: its row is the typing indicator.
    await chat.waitUntil { context in context.messages.contains { $0.role == .assistant && $0.isStreaming } }
    #expect(chat.messages.filter(\.showsTextBubble).map(\.role) == [.user, .assistant])
    await chat.cancel().finish()
    await turn.finish()

    let stillStreaming = chat.messages.contains { $0.isStreaming }
    #expect(!stillStreaming)
    let rows = chat.messages.filter(\.showsTextBubble)
    #expect(rows.first?.role == .user)
    #expect(rows.allSatisfy { !$0.text.isEmpty })
  }
}

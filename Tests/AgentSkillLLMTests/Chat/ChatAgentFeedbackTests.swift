import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

@Suite("ChatAgent feedback")
@MainActor
struct ChatAgentFeedbackTests {
  typealias Fixtures = ChatFixtures

  private func lines(at url: URL) throws -> [String] {
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test func reportingAppendsOneJSONLineWithTheCallChain() async throws {
    let url = Fixtures.temporaryLogURL()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent().deletingLastPathComponent()) }
    let model = ScriptedLanguageModel([
      .toolCall(name: "weather", arguments: ["city": "北京"], id: "c1"),
      .text("北京今天多云。"),
      .text("吃过了。"),
    ])
    let chat = Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather()]), feedbackLogURL: url)
    await chat.send("北京天气怎么样？我的 key 是 sk-abcdefghijklmnopqrstuvwx").finish()
    let answer = try #require(chat.messages.last)

    await chat.reportIrrelevant(messageID: answer.id)?.finish()
    #expect(chat.context.feedbackReports == 1)
    var written = try lines(at: url)
    #expect(written.count == 2 && written.last == "")
    let record = try JSONValue(parsing: written[0])
    #expect(record["question"]?.stringValue?.contains("北京天气怎么样？") == true)
    #expect(record["question"]?.stringValue?.contains("sk-abc") == false)
    #expect(record["toolsOffered"] == ["weather"])
    #expect(record["messageID"] == "1.3")
    #expect(record["agent"] == "ChatAgent")
    #expect(record["calls"]?[0]?["id"] == "c1")
    #expect(record["calls"]?[0]?["tool"] == "weather")
    #expect(record["calls"]?[0]?["arguments"] == ["city": "北京"])
    #expect(record["calls"]?[0]?["status"] == "succeeded")
    #expect(record["calls"]?[0]?["durationMilliseconds"] == 0)
    #expect(record["results"]?[0]?["summary"] == "北京今天多云 22°C，后天有雨")
    #expect(record["results"]?[0]?["success"] == true)
    #expect(record["answer"] == "北京今天多云。")
    let time = try #require(record["time"]?.stringValue)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    #expect(formatter.date(from: time) != nil)

    // A second report appends; nothing is overwritten.
    await chat.send("你今天吃了吗").finish()
    let smallTalk = try #require(chat.messages.last)
    await chat.reportIrrelevant(messageID: smallTalk.id)?.finish()
    written = try lines(at: url)
    #expect(written.count == 3)
    #expect(try JSONValue(parsing: written[0]) == record)
    let second = try JSONValue(parsing: written[1])
    #expect(second["question"] == "你今天吃了吗")
    #expect(second["toolsOffered"] == [])
    #expect(second["calls"] == [])
    #expect(second["answer"] == "吃过了。")
    #expect(chat.context.feedbackReports == 2)
  }

  @Test func aWriteErrorIsReportedNotThrown() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "agentskill-chat-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let blocker = directory.appendingPathComponent("blocker")
    try Data("not a directory".utf8).write(to: blocker)
    let url = blocker.appendingPathComponent("feedback.jsonl")
    let logSink = RecordingLogSink()
    let chat = Fixtures.chat(
      ScriptedLanguageModel([.text("你好")]), registry: try Fixtures.registry([]), feedbackLogURL: url,
      logSink: logSink)
    await chat.send("hi").finish()
    let answer = try #require(chat.messages.last)

    await chat.reportIrrelevant(messageID: answer.id)?.finish()
    guard case .feedbackLog(let path, _)? = chat.lastError else {
      Issue.record("expected a feedback log error, got \(String(describing: chat.lastError))")
      return
    }
    #expect(path == url.path)
    #expect(chat.phase == .idle)
    #expect(chat.context.feedbackReports == 0)
    #expect(logSink.entries.contains { $0.level == .error && $0.message.contains("feedback") })
  }

  @Test func anUnknownMessageIsIgnored() throws {
    let chat = Fixtures.chat(ScriptedLanguageModel(), registry: try Fixtures.registry([]))
    #expect(chat.reportIrrelevant(messageID: .init(turn: 9, index: 9)) == nil)
  }
}

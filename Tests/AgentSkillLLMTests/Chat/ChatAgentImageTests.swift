import AgentSkill
import AgentSkillAutonomy
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

/// A user's message with images: read when sent, kept in the conversation, sent again on later requests.
@Suite("ChatAgent with images", .timeLimit(.minutes(5)))
@MainActor
struct ChatAgentImageTests {
  typealias Fixtures = ChatFixtures
  typealias Images = ChatImageRequestTests

  private func directory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("agentskill-chat-images-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test func imagesAreReadWhenSentKeptAndSavedWithTheConversation() async throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let photo = folder.appendingPathComponent("receipt.jpg")
    try Images.jpeg.write(to: photo)
    let model = ScriptedLanguageModel([.text("一张收据。"), .text("¥12.50。")])
    let chat = Fixtures.chat(model, registry: SkillRegistry())

    await chat.send("这是什么？", images: [.file(photo), .data(Images.png)]).finish()

    #expect(chat.lastError == nil)
    #expect(chat.messages.first?.images == [.data(Images.jpeg), .data(Images.png)])
    let first = try #require(model.requests.first)
    #expect(first.messages.last?.images == [.data(Images.jpeg), .data(Images.png)])

    // The file goes away; the conversation still has the bytes, saved and restored.
    try FileManager.default.removeItem(at: photo)
    let store = FileDraftStore<ChatConversation>(directory: folder.appendingPathComponent("store"))
    try await chat.save(to: store, id: "chat")
    let restored = Fixtures.chat(model, registry: SkillRegistry())
    #expect(try await restored.restore(from: store, id: "chat"))
    #expect(restored.messages == chat.messages)

    await restored.send("多少钱？").finish()
    let second = try #require(model.requests.last)
    #expect(second.messages.map(\.role) == [.system, .user, .assistant, .user])
    #expect(second.messages[1].images == [.data(Images.jpeg), .data(Images.png)])
    #expect(second.messages[3].images.isEmpty)
    #expect(restored.messages.last?.text == "¥12.50。")
  }

  @Test func aMissingFileFailsTheTurnWithATypedErrorBeforeAnyRequest() async throws {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("agentskill-\(UUID().uuidString).png")
    let model = ScriptedLanguageModel([.text("不该被问到。")])
    let chat = Fixtures.chat(model, registry: SkillRegistry())

    await chat.send("看图", images: [.data(Images.png), .file(missing)]).finish()

    #expect(chat.lastError == .image(.fileNotFound(missing.path)))
    #expect(chat.lastError?.description.contains("does not exist") == true)
    #expect(model.requests.isEmpty)
    #expect(chat.messages.map(\.text) == ["看图"])
    #expect(chat.context.turns.last?.state == .failed)
    guard case .failed = chat.phase else {
      Issue.record("expected the failed phase, got \(chat.phase)")
      return
    }
  }

  @Test func aMessageSavedBeforeImagesWereKeptLoadsWithoutImages() throws {
    let json = #"{"id":{"turn":1,"index":0},"role":"user","text":"你好","isStreaming":false,"toolCalls":[]}"#
    let message = try JSONDecoder().decode(ChatAgentMessage.self, from: Data(json.utf8))
    #expect(message.images.isEmpty)
    #expect(message.text == "你好")
  }
}

import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

/// Images in a user message, as each provider's request body carries them over HTTP.
@Suite("Images in requests", .timeLimit(.minutes(5)))
struct ChatImageRequestTests {
  typealias Fixtures = ProviderFixtures

  /// A 1×1 PNG.
  static let png =
    Data(
      base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")
    ?? Data()
  /// The start of a JPEG file.
  static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01])

  static var pngURL: String { "data:image/png;base64,\(png.base64EncodedString())" }
  static var jpegURL: String { "data:image/jpeg;base64,\(jpeg.base64EncodedString())" }

  private static let openAIAnswer: JSONValue = [
    "choices": [["index": 0, "message": ["role": "assistant", "content": "一张收据"], "finish_reason": "stop"]]
  ]
  private static let anthropicAnswer: JSONValue = [
    "id": "msg_1", "type": "message", "role": "assistant", "content": [["type": "text", "text": "一张收据"]],
    "stop_reason": "end_turn", "usage": ["input_tokens": 3, "output_tokens": 1],
  ]
  private static let responsesAnswer: JSONValue = [
    "id": "resp_1", "object": "response", "status": "completed",
    "output": [
      [
        "id": "msg_1", "type": "message", "role": "assistant", "status": "completed",
        "content": [["type": "output_text", "text": "一张收据", "annotations": []]],
      ]
    ],
  ]

  /// A file in a fresh temporary directory.
  private static func file(named name: String, contents: Data) throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("agentskill-images-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try contents.write(to: url)
    return url
  }

  private static let request = ChatRequest(messages: [
    .system("You read receipts."), .user("这是什么？", images: [.data(png), .data(jpeg)]),
  ])

  @Test func openAIChatCompletionsSendsImageURLPartsWithDataURLs() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(Self.openAIAnswer))
    let response = try await Fixtures.openAI(server).respond(to: Self.request)
    #expect(response.text == "一张收据")
    let body = try #require(server.requests.first).jsonBody()
    #expect(
      body["messages"]?[1]
        == [
          "role": "user",
          "content": [
            ["type": "text", "text": "这是什么？"],
            ["type": "image_url", "image_url": ["url": .string(Self.pngURL)]],
            ["type": "image_url", "image_url": ["url": .string(Self.jpegURL)]],
          ],
        ])
    // A message without images keeps plain text content.
    #expect(body["messages"]?[0] == ["role": "system", "content": "You read receipts."])
  }

  @Test func openAIResponsesSendsInputImages() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(Self.responsesAnswer))
    let response = try await Fixtures.openAIResponses(server).respond(to: Self.request)
    #expect(response.text == "一张收据")
    let body = try #require(server.requests.first).jsonBody()
    let input = try #require(body["input"]?.arrayValue)
    #expect(
      input.last
        == [
          "role": "user",
          "content": [
            ["type": "input_text", "text": "这是什么？"],
            ["type": "input_image", "image_url": .string(Self.pngURL), "detail": "auto"],
            ["type": "input_image", "image_url": .string(Self.jpegURL), "detail": "auto"],
          ],
        ])
  }

  @Test func anthropicSendsBase64ImageBlocksBeforeTheText() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(Self.anthropicAnswer))
    let response = try await Fixtures.anthropic(server).respond(to: Self.request)
    #expect(response.text == "一张收据")
    let body = try #require(server.requests.first).jsonBody()
    #expect(
      body["messages"]
        == [
          [
            "role": "user",
            "content": [
              [
                "type": "image",
                "source": [
                  "type": "base64", "media_type": "image/png", "data": .string(Self.png.base64EncodedString()),
                ],
              ],
              [
                "type": "image",
                "source": [
                  "type": "base64", "media_type": "image/jpeg", "data": .string(Self.jpeg.base64EncodedString()),
                ],
              ],
              ["type": "text", "text": "这是什么？"],
            ],
          ]
        ])
  }

  @Test func aFileIsReadWhenTheRequestIsSent() async throws {
    let url = try Self.file(named: "receipt.png", contents: Data())
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let request = ChatRequest(messages: [.user("", images: [.file(url)])])
    // Written after the message was made: the bytes are read when it is sent.
    try Self.png.write(to: url)
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(Self.anthropicAnswer), .json(Self.openAIAnswer))
    _ = try await Fixtures.anthropic(server).respond(to: request)
    _ = try await Fixtures.openAI(server).respond(to: request)
    let anthropic = try server.requests[0].jsonBody()
    #expect(anthropic["messages"]?[0]?["content"]?[0]?["source"]?["data"] == .string(Self.png.base64EncodedString()))
    #expect(anthropic["messages"]?[0]?["content"]?.arrayValue?.count == 1)  // no empty text block
    let openAI = try server.requests[1].jsonBody()
    #expect(
      openAI["messages"]?[0]?["content"] == [["type": "image_url", "image_url": ["url": .string(Self.pngURL)]]])
  }

  @Test func aMissingFileIsATypedErrorAndNothingIsSent() async throws {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("agentskill-\(UUID().uuidString).png")
    let request = ChatRequest(messages: [.user("看图", images: [.file(missing)])])
    let server = try LoopbackServer()
    defer { server.stop() }
    let models: [any LanguageModel] = [
      Fixtures.openAI(server), Fixtures.openAIResponses(server), Fixtures.anthropic(server),
    ]
    for model in models {
      await #expect(throws: ChatImageError.fileNotFound(missing.path)) {
        _ = try await model.respond(to: request)
      }
      await #expect(throws: ChatImageError.fileNotFound(missing.path)) {
        for try await _ in model.stream(request) {}
      }
    }
    #expect(server.requests.isEmpty)
    #expect(ChatImageError.fileNotFound(missing.path).description.contains("does not exist"))
  }

  @Test func aFileThatIsNotAnImageIsATypedErrorAndNothingIsSent() async throws {
    let url = try Self.file(named: "notes.png", contents: Data("北京 22°C".utf8))
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let server = try LoopbackServer()
    defer { server.stop() }
    let request = ChatRequest(messages: [.user("看图", images: [.file(url)])])
    await #expect(throws: ChatImageError.notAnImage("the file \(url.path)")) {
      _ = try await Fixtures.anthropic(server).respond(to: request)
    }
    await #expect(throws: ChatImageError.notAnImage("the image data (3 bytes)")) {
      _ = try await Fixtures.openAI(server).respond(
        to: ChatRequest(messages: [.user("看图", images: [.data(Data([1, 2, 3]))])]))
    }
    #expect(server.requests.isEmpty)
    #expect(ChatImageError.notAnImage("the file x").description.contains("PNG or JPEG"))
  }

  @Test func aURLThatIsNotAFileIsATypedError() throws {
    let image = ChatImage.file(try #require(URL(string: "https://example.com/a.png")))
    #expect(throws: ChatImageError.notAFileURL("https://example.com/a.png")) { _ = try image.contents() }
  }

  @Test func formatsAreReadFromTheBytes() throws {
    #expect(ChatImage.Format(of: Self.png) == .png)
    #expect(ChatImage.Format(of: Self.jpeg) == .jpeg)
    #expect(ChatImage.Format(of: Data("GIF89a".utf8)) == nil)
    #expect(ChatImage.Format(of: Data()) == nil)
    #expect(try ChatImage.data(Self.jpeg).dataURL() == Self.jpegURL)
    let url = try Self.file(named: "a.jpg", contents: Self.jpeg)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    #expect(try ChatImage.file(url).loaded() == .data(Self.jpeg))
  }
}

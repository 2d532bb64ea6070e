#if canImport(FoundationModels)
  import AgentSkillLLM
  import Foundation
  import FoundationModels

  /// A FoundationModels `Tool` standing for one of the agent's tools: the
  /// framework calls it inside the response, and the call is handed to the
  /// agent through the session's ``FoundationToolRelay``; it returns the
  /// result the agent's next request brings, so the skill runs in the agent
  /// (validation, confirmation, the timeline) and the session's transcript
  /// holds the call and its output as Apple intends.
  ///
  /// It throws only when the chat goes on without answering the call (a new
  /// session then takes over) or the response is cancelled.
  @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  struct FoundationRelayTool: Tool {
    typealias Arguments = GeneratedContent
    typealias Output = String

    let name: String
    let description: String
    let parameters: GenerationSchema
    let relay: FoundationToolRelay

    func call(arguments: GeneratedContent) async throws -> String {
      let json = (try? JSONValue(parsing: arguments.jsonString)) ?? .object(JSONObject())
      return try await relay.call(name: name, arguments: json)
    }
  }
#endif

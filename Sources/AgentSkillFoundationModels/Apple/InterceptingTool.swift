#if canImport(FoundationModels)
  import AgentSkill
  import AgentSkillLLM
  import Foundation
  import FoundationModels

  /// A FoundationModels `Tool` standing for one of the agent's tools: calling
  /// it records the call and stops the session, so the agent runs the skill.
  @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  struct InterceptingTool: Tool {
    typealias Arguments = GeneratedContent
    typealias Output = String

    let name: String
    let description: String
    let parameters: GenerationSchema
    let recorder: InterceptedToolCalls

    func call(arguments: GeneratedContent) async throws -> String {
      let json = (try? JSONValue(parsing: arguments.jsonString)) ?? .object(JSONObject())
      recorder.record(name: name, arguments: json)
      throw InterceptedToolCall(name: name)
    }
  }

  /// Thrown by ``InterceptingTool`` to end the session at the model's tool call.
  struct InterceptedToolCall: Error {
    let name: String
  }

  /// The tool calls intercepted during one request.
  @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  final class InterceptedToolCalls: Sendable {
    private let recorded = LockIsolated<[ToolCall]>([])

    func record(name: String, arguments: JSONValue) {
      recorded.withValue { calls in
        calls.append(ToolCall(id: "fm_call_\(calls.count + 1)", name: name, arguments: arguments))
      }
    }

    /// The calls, when `error` is the session ending at one of them.
    func calls(ifInterrupting error: any Error) -> [ToolCall]? {
      let calls = recorded.value
      guard !calls.isEmpty else { return nil }
      if error is InterceptedToolCall { return calls }
      if let toolError = error as? LanguageModelSession.ToolCallError, toolError.underlyingError is InterceptedToolCall
      {
        return calls
      }
      return nil
    }
  }
#endif

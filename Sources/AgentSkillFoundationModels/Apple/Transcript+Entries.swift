#if canImport(FoundationModels)
  import AgentSkillLLM
  import Foundation
  import FoundationModels

  @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  extension Transcript {
    /// The transcript of `entries`; the instructions entry lists `tools`.
    ///
    /// - Parameters:
    ///   - entries: The conversation, from ``FoundationTranscript``.
    ///   - tools: The session's tools.
    init(_ entries: [FoundationTranscript.Entry], tools: [any Tool]) {
      let definitions = tools.map { Transcript.ToolDefinition(tool: $0) }
      var converted: [Transcript.Entry] = []
      if !definitions.isEmpty, !entries.contains(where: { if case .instructions = $0 { true } else { false } }) {
        converted.append(.instructions(Transcript.Instructions(segments: [], toolDefinitions: definitions)))
      }
      for entry in entries {
        switch entry {
        case .instructions(let text):
          converted.append(
            .instructions(Transcript.Instructions(segments: [Self.text(text)], toolDefinitions: definitions)))
        case .prompt(let text):
          converted.append(.prompt(Transcript.Prompt(segments: [Self.text(text)])))
        case .response(let text):
          converted.append(.response(Transcript.Response(assetIDs: [], segments: [Self.text(text)])))
        case .toolCalls(let calls):
          converted.append(
            .toolCalls(
              Transcript.ToolCalls(
                calls.map { call in
                  Transcript.ToolCall(id: call.id, toolName: call.name, arguments: Self.content(call.arguments))
                })))
        case .toolOutput(let callID, let toolName, let text):
          converted.append(
            .toolOutput(Transcript.ToolOutput(id: callID, toolName: toolName, segments: [Self.text(text)])))
        }
      }
      self.init(entries: converted)
    }

    private static func text(_ content: String) -> Transcript.Segment {
      .text(Transcript.TextSegment(content: content))
    }

    /// Arguments as generated content; arguments that are not JSON (never from this bridge) as an empty object.
    private static func content(_ arguments: JSONValue) -> GeneratedContent {
      if let content = try? GeneratedContent(json: arguments.rendered()) { return content }
      return GeneratedContent(properties: [:])
    }
  }
#endif

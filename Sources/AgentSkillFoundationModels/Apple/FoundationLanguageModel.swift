#if canImport(FoundationModels)
  import AgentSkill
  import AgentSkillLLM
  import Foundation
  import FoundationModels

  /// A ``/AgentSkillLLM/LanguageModel`` backed by Apple's on-device model
  /// (FoundationModels): offline, private, no key.
  ///
  /// ```swift
  /// if #available(iOS 26, macOS 26, visionOS 26, *), FoundationLanguageModel.isAvailable {
  ///   let chat = ChatAgent(model: FoundationLanguageModel(), registry: registry)
  ///   await chat.send("北京天气怎么样？").finish()
  /// }
  /// ```
  ///
  /// It runs the same ``/AgentSkillLLM/ChatAgent`` and
  /// ``/AgentSkillLLM/SkillRegistry`` as any provider. Each offered tool
  /// becomes a FoundationModels `Tool` whose parameters are built from the
  /// skill's JSON Schema through `DynamicGenerationSchema`; when the model
  /// calls it, the call is returned to the agent as a tool call and the
  /// session ends — the skill never runs inside FoundationModels, so
  /// argument validation and repair, confirmation, the timeline and the
  /// phases apply as with any model. Each request starts a fresh session
  /// with the conversation in its instructions. Typed generation
  /// (``/AgentSkillLLM/ResponseFormat/json(name:schema:strict:)``) goes
  /// through `respond(to:schema:)`.
  @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  public struct FoundationLanguageModel: LanguageModel {
    /// The system model answering.
    public let model: SystemLanguageModel

    /// Creates a model.
    ///
    /// - Parameter model: The system model; `.default` for general use.
    public init(model: SystemLanguageModel = .default) {
      self.model = model
    }

    /// Whether the on-device model can answer now.
    public static var isAvailable: Bool { SystemLanguageModel.default.isAvailable }

    /// Why the model cannot answer now, or `nil` when it can.
    public var unavailability: FoundationModelError? {
      switch model.availability {
      case .available: nil
      case .unavailable(let reason): FoundationModelError(reason)
      }
    }

    /// Answers `request`, or returns the tool call the model chose.
    ///
    /// - Parameter request: The conversation, tools and response format.
    /// - Returns: Text (JSON text for a JSON response format) or tool calls.
    /// - Throws: ``FoundationModelError``; ``FoundationSchemaError`` for a schema the model cannot be constrained to.
    public func respond(to request: ChatRequest) async throws -> ChatResponse {
      if let unavailability { throw unavailability }
      let recorder = InterceptedToolCalls()
      let session = try makeSession(for: request, recorder: recorder)
      let conversation = FoundationConversation(request.messages)
      let options = GenerationOptions(temperature: request.temperature, maximumResponseTokens: request.maxTokens)
      do {
        if case .json(let name, let schema, _) = request.responseFormat {
          let generationSchema = try FoundationSchemaBridge.generationSchema(schema, name: name)
          let response = try await session.respond(
            to: conversation.prompt, schema: generationSchema, options: options)
          return ChatResponse(text: response.content.jsonString, finishReason: .stop)
        }
        let response = try await session.respond(to: conversation.prompt, options: options)
        return ChatResponse(text: response.content, finishReason: .stop)
      } catch {
        if let calls = recorder.calls(ifInterrupting: error) {
          return ChatResponse(toolCalls: calls, finishReason: .toolCalls)
        }
        throw FoundationModelError.mapping(error)
      }
    }

    /// Streams the answer as text deltas, or ends with the tool call the model chose.
    ///
    /// - Parameter request: The conversation, tools and response format.
    /// - Returns: Text deltas, then exactly one `.completed`.
    public func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
      let model = self
      return AsyncThrowingStream { continuation in
        let task = Task {
          do {
            if let unavailability = model.unavailability { throw unavailability }
            let recorder = InterceptedToolCalls()
            let session = try model.makeSession(for: request, recorder: recorder)
            let conversation = FoundationConversation(request.messages)
            let options = GenerationOptions(
              temperature: request.temperature, maximumResponseTokens: request.maxTokens)
            var text = ""
            do {
              if case .json(let name, let schema, _) = request.responseFormat {
                let generationSchema = try FoundationSchemaBridge.generationSchema(schema, name: name)
                let stream = session.streamResponse(to: conversation.prompt, schema: generationSchema, options: options)
                for try await snapshot in stream {
                  let json = snapshot.rawContent.jsonString
                  if json.hasPrefix(text), json.count > text.count {
                    continuation.yield(.textDelta(String(json.dropFirst(text.count))))
                  }
                  text = json
                }
              } else {
                let stream = session.streamResponse(to: conversation.prompt, options: options)
                for try await snapshot in stream {
                  let content = snapshot.content
                  if content.hasPrefix(text), content.count > text.count {
                    continuation.yield(.textDelta(String(content.dropFirst(text.count))))
                  }
                  text = content
                }
              }
              continuation.yield(.completed(ChatResponse(text: text, finishReason: .stop)))
            } catch {
              guard let calls = recorder.calls(ifInterrupting: error) else { throw error }
              for (index, call) in calls.enumerated() {
                continuation.yield(.toolCallStarted(index: index, id: call.id, name: call.name))
                continuation.yield(.toolCallArgumentsDelta(index: index, fragment: call.arguments.rendered()))
              }
              continuation.yield(.completed(ChatResponse(toolCalls: calls, finishReason: .toolCalls)))
            }
            continuation.finish()
          } catch {
            continuation.finish(throwing: FoundationModelError.mapping(error))
          }
        }
        continuation.onTermination = { _ in task.cancel() }
      }
    }

    private func makeSession(for request: ChatRequest, recorder: InterceptedToolCalls) throws -> LanguageModelSession {
      var tools: [any Tool] = []
      if case .text = request.responseFormat {
        for definition in request.tools {
          tools.append(
            InterceptingTool(
              name: definition.name, description: definition.description,
              parameters: try FoundationSchemaBridge.generationSchema(definition.parameters, name: definition.name),
              recorder: recorder))
        }
      }
      let instructions = FoundationConversation(request.messages).instructions
      return LanguageModelSession(model: model, tools: tools, instructions: instructions.isEmpty ? nil : instructions)
    }
  }
#endif

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
  /// ``/AgentSkillLLM/SkillRegistry`` as any provider, the way Apple intends
  /// FoundationModels to be used:
  ///
  /// - **One session per chat.** The conversation becomes a `Transcript`:
  ///   the developer's system message is the session's instructions, and
  ///   the user's messages, the model's answers, its tool calls and the
  ///   tools' outputs are entries of their own — an earlier message or a tool
  ///   result (from an MCP server, say) never becomes instructions. The
  ///   session is kept and reused for the chat's next request when that
  ///   request only adds the user's next message after an answer, or the
  ///   results of the calls the session waits on; otherwise (a restored or
  ///   edited conversation, other tools offered, another chat) a new session
  ///   starts from the request's transcript. Up to four chats keep a session;
  ///   copies of a model share them.
  /// - **Tools run in the agent.** Each offered tool becomes a
  ///   FoundationModels `Tool` whose parameters are built from the skill's
  ///   JSON Schema through `DynamicGenerationSchema`. FoundationModels calls
  ///   tools inside the response and offers no way to end a response at a
  ///   tool call, so the tool hands the call to the agent and waits for the
  ///   result the agent's next request brings; the response then goes on in
  ///   the same session. Argument validation and repair, confirmation, the
  ///   timeline and the phases apply as with any model. Parallel calls are
  ///   all handed over: those made together in one request, a later one in
  ///   the next.
  /// - **Streaming** goes through `streamResponse`. Typed generation
  ///   (``/AgentSkillLLM/ResponseFormat/json(name:schema:strict:)``) streams
  ///   with a schema in a session of its own, which the chat's does not see.
  @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  public struct FoundationLanguageModel: LanguageModel {
    /// The system model answering.
    public let model: SystemLanguageModel
    /// The chats' live sessions, shared by copies of this value.
    private let sessions: FoundationSessionPool<LanguageModelSession>

    /// Creates a model.
    ///
    /// - Parameter model: The system model; `.default` for general use.
    public init(model: SystemLanguageModel = .default) {
      self.model = model
      sessions = FoundationSessionPool(
        open: { request, history, relay in
          let tools = try Self.tools(for: request, relay: relay)
          return LanguageModelSession(model: model, tools: tools, transcript: Transcript(history, tools: tools))
        },
        generate: { session, prompt, request, relay in
          await Self.generate(session, prompt: prompt, options: Self.options(for: request), relay: relay)
        })
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

    /// Answers `request`, or returns the tool calls the model made.
    ///
    /// - Parameter request: The conversation, tools and response format.
    /// - Returns: Text (JSON text for a JSON response format) or tool calls.
    /// - Throws: ``FoundationModelError``; ``FoundationSchemaError`` for a schema the model cannot be constrained to.
    public func respond(to request: ChatRequest) async throws -> ChatResponse {
      for try await event in stream(request) {
        if case .completed(let response) = event { return response }
      }
      throw FoundationModelError.other("the on-device answer ended before it was complete; send the request again")
    }

    /// Streams the answer as text deltas, or ends with the tool calls the model made.
    ///
    /// - Parameter request: The conversation, tools and response format.
    /// - Returns: Text deltas, then exactly one `.completed`.
    public func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
      let model = self
      return FoundationAnswerStream.make(mapError: FoundationModelError.mapping) { onText in
        if let unavailability = model.unavailability { throw unavailability }
        if case .json(let name, let schema, _) = request.responseFormat {
          return try await model.typed(request, name: name, schema: schema, onText: onText)
        }
        return try await model.sessions.respond(to: request, onText: onText)
      }
    }

    /// A typed answer, streamed with the schema in a session of its own.
    private func typed(
      _ request: ChatRequest, name: String, schema: JSONSchema, onText: (String) -> Void
    ) async throws -> ChatResponse {
      let generationSchema = try FoundationSchemaBridge.generationSchema(schema, name: name)
      let opening = FoundationTranscript(request.messages).opening
      let session = LanguageModelSession(model: model, tools: [], transcript: Transcript(opening.history, tools: []))
      var text = ""
      let stream = session.streamResponse(
        to: opening.prompt, schema: generationSchema, options: Self.options(for: request))
      for try await snapshot in stream {
        let json = snapshot.rawContent.jsonString
        if json.hasPrefix(text), json.count > text.count { onText(String(json.dropFirst(text.count))) }
        text = json
      }
      return ChatResponse(text: text, finishReason: .stop)
    }

    /// The request's tools as FoundationModels tools handing their calls to `relay`.
    private static func tools(for request: ChatRequest, relay: FoundationToolRelay) throws -> [any Tool] {
      try request.tools.map { definition in
        FoundationRelayTool(
          name: definition.name, description: definition.description,
          parameters: try FoundationSchemaBridge.generationSchema(definition.parameters, name: definition.name),
          relay: relay)
      }
    }

    private static func options(for request: ChatRequest) -> GenerationOptions {
      GenerationOptions(temperature: request.temperature, maximumResponseTokens: request.maxTokens)
    }

    /// Streams one response of `session` to `prompt`, reporting its text, its end or its failure to `relay`
    /// (its tool calls reach the relay through the tools).
    private static func generate(
      _ session: LanguageModelSession, prompt: String, options: GenerationOptions, relay: FoundationToolRelay
    ) async {
      var text = ""
      do {
        for try await snapshot in session.streamResponse(to: prompt, options: options) {
          let content = snapshot.content
          if content.hasPrefix(text) {
            if content.count > text.count { relay.emit(.text(String(content.dropFirst(text.count)))) }
          } else {
            // A new answer after tool calls: its text starts afresh, for the request reading it now.
            relay.emit(.text(content))
          }
          text = content
        }
        // A response stopped by cancellation ends as cancelled, not as a complete answer.
        try Task.checkCancellation()
        relay.emit(.finished)
      } catch {
        relay.emit(.failed(FoundationModelError.mapping(error)))
      }
    }
  }
#endif

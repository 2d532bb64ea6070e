import AgentSkill
import Foundation

/// A ``LanguageModel`` speaking the OpenAI chat-completions API, which most
/// servers offer: OpenAI, Ollama (`/v1`), vLLM, llama.cpp's server, LM
/// Studio, DeepSeek, Qwen (DashScope compatible mode), Mistral and others.
///
/// It posts to `baseURL/chat/completions` with tools, `tool_choice` and
/// `parallel_tool_calls`, streams with server-sent events (asking for usage
/// in the last chunk), retries 429 and 5xx answers with backoff, and reads
/// tool calls leniently — arguments as text or objects, streamed fragments
/// joined by index, Hermes/Mistral calls written into the text. A user
/// message's images (``ChatImage``) go out as `image_url` content parts with
/// data URLs.
///
/// ```swift
/// let weather = ToolDefinition(
///   name: "get_weather", description: "Today's weather in a city.",
///   parameters: .object(properties: ["city": .string()], required: ["city"]))
/// let local = OpenAICompatibleModel.ollama(model: "qwen2.5:7b")
/// let response = try await local.respond(to: ChatRequest(messages: [.user("北京天气怎么样？")], tools: [weather]))
/// for call in response.toolCalls { print(call.name, call.arguments) }  // get_weather {"city":"北京"}
///
/// let remote = OpenAICompatibleModel(
///   baseURL: URL(string: "https://api.openai.com/v1")!, apiKey: "sk-…", model: "gpt-4o-mini")
/// for try await event in remote.stream(ChatRequest(messages: [.user("Say hello")])) {
///   if case .textDelta(let text) = event { print(text, terminator: "") }
/// }
/// ```
///
/// The API key is sent as `Authorization: Bearer …` and never appears in
/// errors, logs or `description`.
public struct OpenAICompatibleModel: LanguageModel, CustomStringConvertible, CustomReflectable {
  /// The API root, including the version path (`…/v1`).
  public var baseURL: URL
  /// The model name sent with every request.
  public var model: String
  /// Headers added to every request (for example `OpenAI-Organization`, or a gateway's own key header).
  public var extraHeaders: HTTPHeaderFields
  /// Members added to every request body, replacing generated ones with the
  /// same name (for example `["enable_thinking": false]` for Qwen3, or `["seed": 7]`).
  public var extraBody: JSONObject
  /// How long to wait for a whole answer, or for a stream's first bytes; the
  /// same time bounds silence inside a stream. `nil` waits indefinitely.
  public var timeout: Duration?
  /// How answers with an error status are retried: the policy's attempts
  /// and backoff (on ``clock``) for the statuses its `shouldRetry` accepts —
  /// by default those of ``LanguageModelError/isRetryable``. A wait the
  /// server asks for — `Retry-After` as seconds or a date, or on a 429 the
  /// `x-ratelimit-reset-requests` / `-tokens` of the exhausted limit — replaces the computed
  /// one when it is no longer than the policy's `maxDelay`; a server asking
  /// for more fails at once.
  public var retryPolicy: RetryPolicy
  /// The clock backoff and timeouts run on.
  public var clock: any Clock<Duration>
  /// What sends the HTTP requests.
  public var transport: any HTTPTransport
  /// Makes ids for tool calls that arrive without one.
  public var toolCallIDs: ToolCallIDGenerator
  /// The largest response accepted, in bytes; larger ones fail with
  /// ``LanguageModelError/malformedResponse(reason:snippet:)``.
  public var maximumResponseBytes: Int
  /// Whether streams ask for token usage (`stream_options.include_usage`);
  /// turn it off for servers that reject the option.
  public var streamIncludesUsage: Bool
  /// The body member that carries ``ChatRequest/maxTokens``: `max_tokens`
  /// for most servers, `max_completion_tokens` for OpenAI's newer models.
  public var maxTokensParameter: String
  private let apiKey: String?
  /// The models this value (and its copies) found rejecting `json_schema` response formats.
  private let jsonSchemaRejections = JSONSchemaRejections()

  /// Creates a model.
  ///
  /// - Parameters:
  ///   - baseURL: The API root including the version, such as `https://api.openai.com/v1`
  ///     or `http://localhost:11434/v1`; requests go to `baseURL/chat/completions`.
  ///   - apiKey: Sent as a bearer token; `nil` for local servers without authentication.
  ///   - model: The model name.
  ///   - extraHeaders: Headers added to every request.
  ///   - extraBody: Members added to every request body.
  ///   - timeout: The timeout. Defaults to 600 seconds.
  ///   - retryPolicy: How error statuses are retried. Defaults to three
  ///     attempts in all, waiting about 1 s and then 2 s.
  ///   - clock: The clock for backoff and timeouts. Defaults to `ContinuousClock`.
  ///   - transport: The HTTP transport. Defaults to ``URLSessionTransport/shared``.
  ///   - toolCallIDs: Ids for calls without one. Defaults to random ids.
  ///   - maximumResponseBytes: The largest accepted response. Defaults to 16 MiB.
  ///   - streamIncludesUsage: Whether streams ask for usage. Defaults to `true`.
  ///   - maxTokensParameter: The body member for the token limit. Defaults to `max_tokens`.
  public init(
    baseURL: URL,
    apiKey: String? = nil,
    model: String,
    extraHeaders: HTTPHeaderFields = [:],
    extraBody: JSONObject = [:],
    timeout: Duration? = .seconds(600),
    retryPolicy: RetryPolicy = RetryPolicy(),
    clock: any Clock<Duration> = ContinuousClock(),
    transport: any HTTPTransport = URLSessionTransport.shared,
    toolCallIDs: ToolCallIDGenerator = .random,
    maximumResponseBytes: Int = 16 << 20,
    streamIncludesUsage: Bool = true,
    maxTokensParameter: String = "max_tokens"
  ) {
    self.baseURL = baseURL
    self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
    self.model = model
    self.extraHeaders = extraHeaders
    self.extraBody = extraBody
    self.timeout = timeout
    self.retryPolicy = retryPolicy
    self.clock = clock
    self.transport = transport
    self.toolCallIDs = toolCallIDs
    self.maximumResponseBytes = maximumResponseBytes
    self.streamIncludesUsage = streamIncludesUsage
    self.maxTokensParameter = maxTokensParameter
  }

  /// `OpenAICompatibleModel(model: …, baseURL: …)`, without the key.
  public var description: String {
    "OpenAICompatibleModel(model: \(model), baseURL: \(baseURL.absoluteString)\(apiKey == nil ? "" : ", apiKey: [REDACTED]"))"
  }

  /// The configuration without the API key, for `dump` and debuggers.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: ["model": model, "baseURL": baseURL, "timeout": timeout as Any, "retryPolicy": retryPolicy],
      displayStyle: .struct)
  }

  /// Sends `request` and returns the whole answer.
  ///
  /// - Parameter request: The conversation and tools.
  /// - Returns: The answer, with tool calls parsed and names resolved against the offered tools.
  /// - Throws: ``LanguageModelError``, ``ChatImageError`` for an image that cannot be sent, or `CancellationError`.
  public func respond(to request: ChatRequest) async throws -> ChatResponse {
    let json: JSONValue
    do {
      json = try await client.sendJSON(try makeTransportRequest(for: request, stream: false))
    } catch let error as LanguageModelError where rejectsJSONSchema(error, request) {
      jsonSchemaRejections.insert(model)
      json = try await client.sendJSON(try makeTransportRequest(for: request, stream: false))
    }
    var decoder = OpenAIChatDecoder(
      request: request, ids: toolCallIDs, maximumArgumentBytes: maximumResponseBytes, secrets: secrets)
    return try decoder.decodeResponse(json)
  }

  /// Streams the answer to `request`; the last event is the assembled
  /// response, equal to what ``respond(to:)`` returns for the same answer.
  ///
  /// - Parameter request: The conversation and tools.
  /// - Returns: Text and tool-call deltas, usage, then ``ChatStreamEvent/completed(_:)``;
  ///   a stream cut off before `[DONE]` fails with
  ///   ``LanguageModelError/streamEndedEarly(reason:)``.
  public func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
    let transportRequest: TransportRequest
    do {
      transportRequest = try makeTransportRequest(for: request, stream: true)
    } catch {
      return AsyncThrowingStream { $0.finish(throwing: error) }
    }
    let decoder = OpenAIChatDecoder(
      request: request, ids: toolCallIDs, maximumArgumentBytes: maximumResponseBytes, secrets: secrets)
    guard case .json = request.responseFormat, !jsonSchemaRejections.contains(model) else {
      return client.chatStream(transportRequest, decoder: decoder)
    }
    // A server that rejects json_schema answers 400 before any event: retry once in JSON mode.
    let first = client.chatStream(transportRequest, decoder: decoder)
    let model = self
    return AsyncThrowingStream { continuation in
      let task = Task {
        var started = false
        do {
          for try await event in first {
            started = true
            continuation.yield(event)
          }
          continuation.finish()
        } catch let error as LanguageModelError where !started && model.rejectsJSONSchema(error, request) {
          model.jsonSchemaRejections.insert(model.model)
          do {
            for try await event in model.stream(request) { continuation.yield(event) }
            continuation.finish()
          } catch {
            continuation.finish(throwing: error)
          }
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  /// Whether `error` is a server refusing the `json_schema` response format of `request`.
  private func rejectsJSONSchema(_ error: LanguageModelError, _ request: ChatRequest) -> Bool {
    guard case .json = request.responseFormat, !jsonSchemaRejections.contains(model),
      case .httpStatus(let code, let message) = error, code == 400 || code == 422, let message
    else { return false }
    let lowered = message.lowercased()
    return lowered.contains("response_format") || lowered.contains("json_schema")
  }

  /// The JSON body sent for `request`, for inspection and tests.
  ///
  /// - Parameters:
  ///   - request: The conversation and tools.
  ///   - stream: Whether to ask for a stream.
  /// - Returns: The body.
  /// - Throws: ``LanguageModelError/invalidRequest(reason:)`` when a message cannot be expressed.
  public func requestBody(for request: ChatRequest, stream: Bool) throws -> JSONValue {
    var body = try OpenAIChatEncoder.body(
      for: request, model: model, stream: stream, includeUsage: streamIncludesUsage,
      maxTokensParameter: maxTokensParameter, jsonObjectFallback: jsonSchemaRejections.contains(model))
    for (key, value) in extraBody { body[key] = value }
    return .object(body)
  }

  private var secrets: [String] { (apiKey.map { [$0] } ?? []) + extraHeaders.secretValues }

  private var client: ProviderClient {
    ProviderClient(
      transport: transport, clock: clock, retryPolicy: retryPolicy, timeout: timeout,
      maximumResponseBytes: maximumResponseBytes, secrets: secrets)
  }

  private func makeTransportRequest(for request: ChatRequest, stream: Bool) throws -> TransportRequest {
    let body = try requestBody(for: request, stream: stream)
    var headers: HTTPHeaderFields = [
      "Content-Type": "application/json",
      "Accept": stream ? "text/event-stream" : "application/json",
    ]
    if let apiKey { headers["Authorization"] = "Bearer \(apiKey)" }
    headers.merge(extraHeaders)
    return TransportRequest(
      method: "POST", url: baseURL.appendingPathComponent("chat/completions"), headers: headers,
      body: Data(body.renderedBytes()), idleTimeout: timeout ?? .seconds(7 * 24 * 3600))
  }
}

/// What a server answered with HTTP 400 — model names whose server rejects `json_schema` response formats
/// (OpenAI-compatible), or model and format pairs whose `output_config.format` was rejected (Anthropic) —
/// shared by copies of a model.
final class JSONSchemaRejections: Sendable {
  private let names = LockIsolated<Set<String>>([])

  func contains(_ model: String) -> Bool { names.value.contains(model) }

  func insert(_ model: String) { names.withValue { _ = $0.insert(model) } }
}

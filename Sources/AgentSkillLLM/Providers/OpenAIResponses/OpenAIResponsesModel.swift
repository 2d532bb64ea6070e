import AgentSkill
import Foundation

/// A ``LanguageModel`` on OpenAI's Responses API (`POST /v1/responses`),
/// OpenAI's primary API for its current models.
///
/// Leading system messages go out as `instructions`; the conversation as
/// input items — messages, the model's `function_call`s and their
/// `function_call_output`s. Tool calls come back as output items (several in
/// parallel, in order), read as leniently as chat completions' (arguments as
/// text or objects, names resolved against the offered tools). Reasoning
/// summaries — ask for them with ``reasoning`` — arrive as
/// ``ChatStreamEvent/thinkingDelta(_:)`` and in ``ChatResponse/thinking``. A
/// JSON ``ChatRequest/responseFormat`` goes out as `text.format`. A user
/// message's images (``ChatImage``) go out as `input_image` parts with data
/// URLs. Usage counts cached input and reasoning tokens.
///
/// Nothing is stored on OpenAI's side by default (`store: false`), so every
/// request carries the whole conversation. Set ``storesResponses`` to have
/// responses stored and continued: a request that repeats a stored
/// response's conversation and answer sends `previous_response_id` and only
/// the new items, and when the server answers that it no longer has that
/// response, the request is sent again with the whole conversation.
/// ``promptCacheKey`` groups requests that share a prefix for OpenAI's prompt
/// cache.
///
/// ```swift
/// let model = OpenAIResponsesModel(apiKey: "sk-…", model: "gpt-5-mini", promptCacheKey: "assistant-v1")
/// for try await event in model.stream(ChatRequest(messages: [.user("Say hello")])) {
///   if case .textDelta(let text) = event { print(text, terminator: "") }
/// }
/// ```
///
/// Errors are ``LanguageModelError``s; 429 and 5xx answers are retried as
/// ``retryPolicy`` says. The API key is sent as `Authorization: Bearer …`
/// and never appears in errors, logs or `description`.
public struct OpenAIResponsesModel: LanguageModel, CustomStringConvertible, CustomReflectable {
  /// `https://api.openai.com/v1`.
  public static let defaultBaseURL = URL(string: "https://api.openai.com/v1") ?? URL(fileURLWithPath: "/invalid")

  /// The API root, including the version path (`…/v1`); requests go to `baseURL/responses`.
  public var baseURL: URL
  /// The model name sent with every request.
  public var model: String
  /// Reasoning effort and summaries, sent as `reasoning`; `nil` (the default) sends none.
  public var reasoning: OpenAIReasoningOptions?
  /// Sent as `prompt_cache_key`: requests with the same key and prefix are more likely to hit OpenAI's prompt
  /// cache (use one key per app feature or system prompt, not per user); `nil` sends none.
  public var promptCacheKey: String?
  /// Whether responses are stored (`store: true`) and continued with `previous_response_id`; `false` (the default)
  /// sends `store: false` and the whole conversation every time.
  public var storesResponses: Bool
  /// Headers added to every request (for example `OpenAI-Organization`).
  public var extraHeaders: HTTPHeaderFields
  /// Members added to every request body, replacing generated ones with the same name (for example
  /// `["service_tier": "flex"]` or `["truncation": "auto"]`).
  public var extraBody: JSONObject
  /// How long to wait for a whole answer, or for a stream's first bytes; the
  /// same time bounds silence inside a stream. `nil` waits indefinitely.
  public var timeout: Duration?
  /// How answers with an error status are retried: the policy's attempts and
  /// backoff (on ``clock``); a wait the server asks for (`Retry-After`, or on
  /// a 429 the `x-ratelimit-reset-*` of the exhausted limit) replaces the
  /// computed one when it is no longer than the policy's `maxDelay`.
  public var retryPolicy: RetryPolicy
  /// The clock backoff and timeouts run on.
  public var clock: any Clock<Duration>
  /// What sends the HTTP requests.
  public var transport: any HTTPTransport
  /// Makes ids for tool calls that arrive without one.
  public var toolCallIDs: ToolCallIDGenerator
  /// The largest response accepted, in bytes.
  public var maximumResponseBytes: Int
  private let apiKey: String?
  /// The stored responses requests can continue, shared by copies.
  private let chain = OpenAIResponsesChain()

  /// Creates a model.
  ///
  /// - Parameters:
  ///   - baseURL: The API root including the version. Defaults to `https://api.openai.com/v1`.
  ///   - apiKey: Sent as a bearer token; `nil` for servers without authentication.
  ///   - model: The model name.
  ///   - reasoning: Reasoning effort and summaries. Defaults to none.
  ///   - promptCacheKey: The prompt cache key. Defaults to none.
  ///   - storesResponses: Whether responses are stored and continued. Defaults to `false`.
  ///   - extraHeaders: Headers added to every request.
  ///   - extraBody: Members added to every request body.
  ///   - timeout: The timeout. Defaults to 600 seconds.
  ///   - retryPolicy: How error statuses are retried. Defaults to three attempts in all.
  ///   - clock: The clock for backoff and timeouts. Defaults to `ContinuousClock`.
  ///   - transport: The HTTP transport. Defaults to ``URLSessionTransport/shared``.
  ///   - toolCallIDs: Ids for calls without one. Defaults to random ids.
  ///   - maximumResponseBytes: The largest accepted response. Defaults to 16 MiB.
  public init(
    baseURL: URL = OpenAIResponsesModel.defaultBaseURL,
    apiKey: String?,
    model: String,
    reasoning: OpenAIReasoningOptions? = nil,
    promptCacheKey: String? = nil,
    storesResponses: Bool = false,
    extraHeaders: HTTPHeaderFields = [:],
    extraBody: JSONObject = [:],
    timeout: Duration? = .seconds(600),
    retryPolicy: RetryPolicy = RetryPolicy(),
    clock: any Clock<Duration> = ContinuousClock(),
    transport: any HTTPTransport = URLSessionTransport.shared,
    toolCallIDs: ToolCallIDGenerator = .random,
    maximumResponseBytes: Int = 16 << 20
  ) {
    self.baseURL = baseURL
    self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
    self.model = model
    self.reasoning = reasoning
    self.promptCacheKey = promptCacheKey
    self.storesResponses = storesResponses
    self.extraHeaders = extraHeaders
    self.extraBody = extraBody
    self.timeout = timeout
    self.retryPolicy = retryPolicy
    self.clock = clock
    self.transport = transport
    self.toolCallIDs = toolCallIDs
    self.maximumResponseBytes = maximumResponseBytes
  }

  /// `OpenAIResponsesModel(model: …, baseURL: …)`, without the key.
  public var description: String {
    "OpenAIResponsesModel(model: \(model), baseURL: \(baseURL.absoluteString)\(apiKey == nil ? "" : ", apiKey: [REDACTED]"))"
  }

  /// The configuration without the API key, for `dump` and debuggers.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "model": model, "baseURL": baseURL, "storesResponses": storesResponses, "timeout": timeout as Any,
        "retryPolicy": retryPolicy,
      ],
      displayStyle: .struct)
  }

  /// Sends `request` and returns the whole answer.
  ///
  /// - Parameter request: The conversation and tools.
  /// - Returns: The answer, with tool calls parsed and names resolved against the offered tools.
  /// - Throws: ``LanguageModelError``, ``ChatImageError`` for an image that cannot be sent, or `CancellationError`.
  public func respond(to request: ChatRequest) async throws -> ChatResponse {
    let link = storesResponses ? chain.link(for: request.messages) : nil
    let json: JSONValue
    do {
      json = try await client.sendJSON(try makeTransportRequest(for: request, stream: false, link: link))
    } catch let error as LanguageModelError where link != nil && Self.forgotPreviousResponse(error) {
      if let link { chain.forget(link.id) }
      json = try await client.sendJSON(try makeTransportRequest(for: request, stream: false, link: nil))
    }
    var decoder = OpenAIResponsesDecoder(
      request: request, ids: toolCallIDs, maximumArgumentBytes: maximumResponseBytes, secrets: secrets)
    let response = try decoder.decodeResponse(json)
    if storesResponses, let id = decoder.id { chain.record(id: id, messages: request.messages, response: response) }
    return response
  }

  /// Streams the answer to `request`; the last event is the assembled
  /// response, equal to what ``respond(to:)`` returns for the same answer.
  ///
  /// - Parameter request: The conversation and tools.
  /// - Returns: Thinking, text and tool-call deltas, usage, then ``ChatStreamEvent/completed(_:)``;
  ///   `response.failed` and `error` events fail with ``LanguageModelError/providerError(type:message:)``,
  ///   a stream cut off before `response.completed` with ``LanguageModelError/streamEndedEarly(reason:)``.
  public func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
    stream(request, continuing: storesResponses)
  }

  private func stream(_ request: ChatRequest, continuing: Bool) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
    let link = continuing ? chain.link(for: request.messages) : nil
    let transportRequest: TransportRequest
    do {
      transportRequest = try makeTransportRequest(for: request, stream: true, link: link)
    } catch {
      return AsyncThrowingStream { $0.finish(throwing: error) }
    }
    let responseID = LockIsolated<String?>(nil)
    let decoder = OpenAIResponsesDecoder(
      request: request, ids: toolCallIDs, maximumArgumentBytes: maximumResponseBytes, secrets: secrets,
      responseID: responseID)
    let events = client.chatStream(transportRequest, decoder: decoder)
    guard storesResponses else { return events }
    let model = self
    return AsyncThrowingStream { continuation in
      let task = Task {
        var started = false
        do {
          for try await event in events {
            started = true
            if case .completed(let response) = event, let id = responseID.value {
              model.chain.record(id: id, messages: request.messages, response: response)
            }
            continuation.yield(event)
          }
          continuation.finish()
        } catch let error as LanguageModelError where !started && link != nil && Self.forgotPreviousResponse(error) {
          // The server no longer has the stored response: send the whole conversation.
          if let link { model.chain.forget(link.id) }
          do {
            for try await event in model.stream(request, continuing: false) { continuation.yield(event) }
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

  /// Whether `error` says the `previous_response_id` sent is unknown (expired, deleted or never stored).
  static func forgotPreviousResponse(_ error: LanguageModelError) -> Bool {
    guard case .httpStatus(let code, let message?) = error, code == 400 || code == 404 else { return false }
    let lowered = message.lowercased()
    return lowered.contains("previous response") || lowered.contains("previous_response")
  }

  /// The JSON body sent for `request`, for inspection and tests (with `previous_response_id` when
  /// ``storesResponses`` is on and `request` continues a stored response).
  ///
  /// - Parameters:
  ///   - request: The conversation and tools.
  ///   - stream: Whether to ask for a stream.
  /// - Returns: The body.
  /// - Throws: ``LanguageModelError/invalidRequest(reason:)`` when a message cannot be expressed.
  public func requestBody(for request: ChatRequest, stream: Bool) throws -> JSONValue {
    .object(try body(for: request, stream: stream, link: storesResponses ? chain.link(for: request.messages) : nil))
  }

  private func body(for request: ChatRequest, stream: Bool, link: OpenAIResponsesChain.Link?) throws -> JSONObject {
    let settings = OpenAIResponsesEncoder.Settings(
      model: model, stream: stream, store: storesResponses, previousResponseID: link?.id,
      promptCacheKey: promptCacheKey, reasoning: reasoning)
    var body = try OpenAIResponsesEncoder.body(for: request, settings: settings, inputStart: link?.coveredMessages ?? 0)
    for (key, value) in extraBody { body[key] = value }
    return body
  }

  private var secrets: [String] { (apiKey.map { [$0] } ?? []) + extraHeaders.secretValues }

  private var client: ProviderClient {
    ProviderClient(
      transport: transport, clock: clock, retryPolicy: retryPolicy, timeout: timeout,
      maximumResponseBytes: maximumResponseBytes, secrets: secrets)
  }

  private func makeTransportRequest(for request: ChatRequest, stream: Bool, link: OpenAIResponsesChain.Link?) throws
    -> TransportRequest
  {
    let body = try body(for: request, stream: stream, link: link)
    var headers: HTTPHeaderFields = [
      "Content-Type": "application/json",
      "Accept": stream ? "text/event-stream" : "application/json",
    ]
    if let apiKey { headers["Authorization"] = "Bearer \(apiKey)" }
    headers.merge(extraHeaders)
    return TransportRequest(
      method: "POST", url: baseURL.appendingPathComponent("responses"), headers: headers,
      body: Data(JSONValue.object(body).renderedBytes()), idleTimeout: timeout ?? .seconds(7 * 24 * 3600))
  }
}

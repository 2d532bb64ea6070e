import AgentSkill
import Foundation

/// A ``LanguageModel`` on Anthropic's Messages API (Claude).
///
/// It posts to `baseURL/v1/messages` with `x-api-key` and
/// `anthropic-version: 2023-06-01`, hoists system messages into `system`,
/// sends tool calls and results as `tool_use` / `tool_result` blocks
/// (consecutive results merged into one user turn), and streams with the
/// named server-sent events (`message_start`, `content_block_delta`, …).
/// A JSON ``ChatRequest/responseFormat`` goes out as `output_config.format`;
/// where a server answers that with HTTP 400, the request is sent again with
/// a forced tool whose input is the answer, and that format keeps the tool
/// from then on.
/// It never sends `temperature` or `top_p`, which the current Messages API no
/// longer takes: a request's ``ChatRequest/temperature`` is dropped with a
/// debug line in ``logSink``. Set ``promptCache`` to have the API cache the
/// conversation between requests, and ``thinking`` for extended thinking: its
/// text streams as ``ChatStreamEvent/thinkingDelta(_:)``, and its blocks
/// (signed, or redacted) go back unchanged before the next request's tool
/// calls. A user message's images (``ChatImage``) go out as `image` blocks
/// with a base64 source, before its text.
///
/// ```swift
/// let model = AnthropicModel(apiKey: key, model: "claude-sonnet-4-5")
/// let response = try await model.respond(to: ChatRequest(messages: [.system("…"), .user("…")], tools: tools))
/// ```
///
/// The API key never appears in errors, logs or `description`.
public struct AnthropicModel: LanguageModel, CustomStringConvertible, CustomReflectable {
  /// `https://api.anthropic.com`.
  public static let defaultBaseURL = URL(string: "https://api.anthropic.com") ?? URL(fileURLWithPath: "/invalid")

  /// The API version sent as `anthropic-version`.
  public static let apiVersion = "2023-06-01"

  /// The API root without the version path; requests go to `baseURL/v1/messages`.
  public var baseURL: URL
  /// The model name, such as `claude-sonnet-4-5`.
  public var model: String
  /// The token limit used when a request sets none (the API requires one).
  public var defaultMaxTokens: Int
  /// Headers added to every request (for example `anthropic-beta`).
  public var extraHeaders: HTTPHeaderFields
  /// Members added to every request body, replacing generated ones with the
  /// same name (for example `["metadata": …]`; ``thinking`` is the typed way to turn on thinking);
  /// `temperature` and `top_p` are left out.
  public var extraBody: JSONObject
  /// Extended thinking, sent as `thinking`; `nil` (the default) sends none.
  ///
  /// The thinking streams as ``ChatStreamEvent/thinkingDelta(_:)`` and lands in ``ChatResponse/thinking``; its
  /// blocks (``ChatResponse/thinkingBlocks``) go back unchanged before the tool calls of the assistant message.
  /// A `thinking` member of ``extraBody`` replaces this one.
  public var thinking: AnthropicThinking?
  /// Automatic prompt caching, sent as the top-level `cache_control`; `nil` (the default) sends none.
  ///
  /// Off by default because it changes the bill: cache writes cost more than
  /// plain input, which pays off only when the same prefix is sent again
  /// within the lifetime — as a ``ChatAgent`` does on every step and turn of
  /// a conversation, where ``AnthropicPromptCache/automatic`` is recommended.
  /// Servers that imitate the Messages API may also reject the member.
  public var promptCache: AnthropicPromptCache?
  /// Where the model writes its debug lines (such as a dropped `temperature`); `nil` discards them.
  public var logSink: (any LogSink)?
  /// How long to wait for a whole answer, or for a stream's first bytes; the
  /// same time bounds silence inside a stream. `nil` waits indefinitely.
  public var timeout: Duration?
  /// How answers with an error status are retried: the policy's attempts
  /// and backoff (on ``clock``) for the statuses its `shouldRetry` accepts —
  /// by default those of ``LanguageModelError/isRetryable``. A wait the
  /// server asks for — `Retry-After` as seconds or a date, or on a 429 the
  /// `anthropic-ratelimit-*-reset` of the exhausted limit — replaces the computed
  /// one when it is no longer than the policy's `maxDelay`; a server asking
  /// for more fails at once.
  public var retryPolicy: RetryPolicy
  /// The clock backoff and timeouts run on.
  public var clock: any Clock<Duration>
  /// What sends the HTTP requests.
  public var transport: any HTTPTransport
  /// Makes ids for tool calls found in text without one.
  public var toolCallIDs: ToolCallIDGenerator
  /// The largest response accepted, in bytes.
  public var maximumResponseBytes: Int
  private let apiKey: String
  /// The model and format pairs whose `output_config.format` the server rejected, shared by copies.
  private let outputFormatRejections = JSONSchemaRejections()

  /// Creates a model.
  ///
  /// - Parameters:
  ///   - baseURL: The API root. Defaults to `https://api.anthropic.com`.
  ///   - apiKey: The Anthropic API key, sent as `x-api-key`.
  ///   - model: The model name.
  ///   - defaultMaxTokens: The token limit when a request sets none. Defaults to 4096.
  ///   - extraHeaders: Headers added to every request.
  ///   - extraBody: Members added to every request body.
  ///   - timeout: The timeout. Defaults to 600 seconds.
  ///   - retryPolicy: How error statuses are retried. Defaults to three
  ///     attempts in all, waiting about 1 s and then 2 s.
  ///   - clock: The clock for backoff and timeouts. Defaults to `ContinuousClock`.
  ///   - transport: The HTTP transport. Defaults to ``URLSessionTransport/shared``.
  ///   - toolCallIDs: Ids for calls found in text. Defaults to random ids.
  ///   - maximumResponseBytes: The largest accepted response. Defaults to 16 MiB.
  ///   - promptCache: Automatic prompt caching. Defaults to none.
  ///   - thinking: Extended thinking. Defaults to none.
  ///   - logSink: Where debug lines go. Defaults to ``/AgentSkill/SkillEnvironment/defaultLogSink``.
  public init(
    baseURL: URL = AnthropicModel.defaultBaseURL,
    apiKey: String,
    model: String,
    defaultMaxTokens: Int = 4096,
    extraHeaders: HTTPHeaderFields = [:],
    extraBody: JSONObject = [:],
    timeout: Duration? = .seconds(600),
    retryPolicy: RetryPolicy = RetryPolicy(),
    clock: any Clock<Duration> = ContinuousClock(),
    transport: any HTTPTransport = URLSessionTransport.shared,
    toolCallIDs: ToolCallIDGenerator = .random,
    maximumResponseBytes: Int = 16 << 20,
    promptCache: AnthropicPromptCache? = nil,
    thinking: AnthropicThinking? = nil,
    logSink: (any LogSink)? = SkillEnvironment.defaultLogSink
  ) {
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.model = model
    self.defaultMaxTokens = max(1, defaultMaxTokens)
    self.extraHeaders = extraHeaders
    self.extraBody = extraBody
    self.timeout = timeout
    self.retryPolicy = retryPolicy
    self.clock = clock
    self.transport = transport
    self.toolCallIDs = toolCallIDs
    self.maximumResponseBytes = maximumResponseBytes
    self.promptCache = promptCache
    self.thinking = thinking
    self.logSink = logSink
  }

  /// `AnthropicModel(model: …, baseURL: …)`, without the key.
  public var description: String {
    "AnthropicModel(model: \(model), baseURL: \(baseURL.absoluteString), apiKey: [REDACTED])"
  }

  /// The configuration without the API key, for `dump` and debuggers.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "model": model, "baseURL": baseURL, "timeout": timeout as Any, "retryPolicy": retryPolicy,
        "promptCache": promptCache as Any, "thinking": thinking as Any,
      ],
      displayStyle: .struct)
  }

  /// Sends `request` and returns the whole answer.
  ///
  /// - Parameter request: The conversation and tools.
  /// - Returns: The answer.
  /// - Throws: ``LanguageModelError``, ``ChatImageError`` for an image that cannot be sent, or `CancellationError`.
  public func respond(to request: ChatRequest) async throws -> ChatResponse {
    let json: JSONValue
    let native = usesNativeFormat(for: request)
    do {
      json = try await client.sendJSON(try makeTransportRequest(for: request, stream: false))
    } catch let error as LanguageModelError where native && rejectsOutputFormat(error, request) {
      rememberOutputFormatRejection(for: request)
      json = try await client.sendJSON(try makeTransportRequest(for: request, stream: false))
    }
    var decoder = AnthropicMessagesDecoder(
      request: request, ids: toolCallIDs, maximumArgumentBytes: maximumResponseBytes, secrets: secrets)
    return AnthropicStructuredOutput.answer(try decoder.decodeResponse(json), for: request.responseFormat)
  }

  /// Streams the answer to `request`; the last event is the assembled
  /// response, equal to what ``respond(to:)`` returns for the same answer.
  ///
  /// - Parameter request: The conversation and tools.
  /// - Returns: Text and tool-call deltas, usage, then ``ChatStreamEvent/completed(_:)``;
  ///   an `error` event fails with ``LanguageModelError/providerError(type:message:)``,
  ///   a stream cut off before `message_stop` with ``LanguageModelError/streamEndedEarly(reason:)``.
  public func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
    let transportRequest: TransportRequest
    do {
      transportRequest = try makeTransportRequest(for: request, stream: true)
    } catch {
      return AsyncThrowingStream { $0.finish(throwing: error) }
    }
    let decoder = AnthropicMessagesDecoder(
      request: request, ids: toolCallIDs, maximumArgumentBytes: maximumResponseBytes, secrets: secrets)
    let events = AnthropicStructuredOutput.answerEvents(
      client.chatStream(transportRequest, decoder: decoder), for: request.responseFormat)
    guard usesNativeFormat(for: request), case .json = request.responseFormat else { return events }
    // A server that rejects output_config.format answers 400 before any event: retry once with the forced tool.
    let model = self
    return AsyncThrowingStream { continuation in
      let task = Task {
        var started = false
        do {
          for try await event in events {
            started = true
            continuation.yield(event)
          }
          continuation.finish()
        } catch let error as LanguageModelError where !started && model.rejectsOutputFormat(error, request) {
          // Sent with output_config.format (checked above), so a copy that already learned the rejection retries too.
          model.rememberOutputFormatRejection(for: request)
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

  /// Whether a JSON response format of `request` goes out as `output_config.format` (not yet rejected).
  private func usesNativeFormat(for request: ChatRequest) -> Bool {
    guard let key = AnthropicStructuredOutput.rejectionKey(model: model, format: request.responseFormat) else {
      return true
    }
    return !outputFormatRejections.contains(key)
  }

  /// Whether `error` refuses the `output_config.format` a request with a JSON response format was sent with.
  private func rejectsOutputFormat(_ error: LanguageModelError, _ request: ChatRequest) -> Bool {
    guard case .json = request.responseFormat else { return false }
    return AnthropicStructuredOutput.rejectsOutputFormat(error)
  }

  private func rememberOutputFormatRejection(for request: ChatRequest) {
    guard let key = AnthropicStructuredOutput.rejectionKey(model: model, format: request.responseFormat) else {
      return
    }
    outputFormatRejections.insert(key)
  }

  /// The JSON body sent for `request`, for inspection and tests.
  ///
  /// - Parameters:
  ///   - request: The conversation and tools.
  ///   - stream: Whether to ask for a stream.
  /// - Returns: The body.
  /// - Throws: ``LanguageModelError/invalidRequest(reason:)`` when a message cannot be expressed.
  public func requestBody(for request: ChatRequest, stream: Bool) throws -> JSONValue {
    .object(try body(for: request, stream: stream).body)
  }

  /// The body, and what was left out of it because the API no longer takes it.
  private func body(for request: ChatRequest, stream: Bool) throws -> (body: JSONObject, dropped: [String]) {
    var body = try AnthropicMessagesEncoder.body(
      for: request, model: model, stream: stream, defaultMaxTokens: defaultMaxTokens,
      nativeFormat: usesNativeFormat(for: request))
    if let promptCache { body["cache_control"] = promptCache.json }
    if let thinking { body["thinking"] = try thinking.json() }
    for (key, value) in extraBody {
      // An `output_config` of extraBody (such as `effort`) joins the generated one (the format).
      if key == "output_config", case .object(var generated)? = body[key], case .object(let extra) = value {
        for (member, setting) in extra { generated[member] = setting }
        body[key] = .object(generated)
      } else {
        body[key] = value
      }
    }
    var dropped: [String] = []
    if let temperature = request.temperature { dropped.append("the request's temperature \(temperature)") }
    for name in AnthropicMessagesEncoder.removedParameters where body[name] != nil {
      body[name] = nil
      dropped.append("extraBody's \(name)")
    }
    return (body, dropped)
  }

  private var secrets: [String] { [apiKey] + extraHeaders.secretValues }

  private var client: ProviderClient {
    ProviderClient(
      transport: transport, clock: clock, retryPolicy: retryPolicy, timeout: timeout,
      maximumResponseBytes: maximumResponseBytes, secrets: secrets)
  }

  private func makeTransportRequest(for request: ChatRequest, stream: Bool) throws -> TransportRequest {
    let (body, dropped) = try body(for: request, stream: stream)
    if !dropped.isEmpty {
      SkillLogger(tag: "AnthropicModel", sink: logSink).debug(
        "not sent: \(dropped.joined(separator: ", ")) (the current Messages API no longer takes temperature or top_p)")
    }
    var headers: HTTPHeaderFields = [
      "Content-Type": "application/json",
      "Accept": stream ? "text/event-stream" : "application/json",
      "x-api-key": apiKey,
      "anthropic-version": Self.apiVersion,
    ]
    headers.merge(extraHeaders)
    return TransportRequest(
      method: "POST", url: baseURL.appendingPathComponent("v1/messages"), headers: headers,
      body: Data(JSONValue.object(body).renderedBytes()), idleTimeout: timeout ?? .seconds(7 * 24 * 3600))
  }
}

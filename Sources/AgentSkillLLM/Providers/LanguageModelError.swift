import AgentSkill
import Foundation

/// Why a language model request failed, with a message that says how to fix it.
///
/// Providers throw these (and `CancellationError` when the calling task is
/// cancelled). Vendor messages and body snippets have secrets removed, so
/// the error can be logged or shown as is.
///
/// ```swift
/// do {
///   let response = try await model.respond(to: request)
/// } catch LanguageModelError.rateLimited(let retryAfter, _) {
///   // back off for retryAfter
/// } catch let error as LanguageModelError {
///   print(error)   // "HTTP 401 from the provider: Incorrect API key provided. Check the API key …"
/// }
/// ```
public enum LanguageModelError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError, RetryableError {
  /// The provider answered with a non-success status; `message` is the
  /// vendor's explanation from its JSON error body, when it sent one.
  case httpStatus(code: Int, message: String?)
  /// The provider answered 429 (after the allowed retries); `retryAfter` is
  /// how long it asked to wait, when it said.
  case rateLimited(retryAfter: Duration?, message: String?)
  /// No response (or no bytes for too long) within the timeout.
  case timedOut(after: Duration)
  /// The request was cancelled by something other than the calling task
  /// (for example the URL session was invalidated); a cancelled calling task
  /// gets `CancellationError` instead.
  case cancelled
  /// The server could not be reached or the connection failed before a response arrived.
  case connectionFailed(reason: String)
  /// Nothing accepted the connection at `address` (`http://127.0.0.1:11434`):
  /// the connection was refused, so no server is running there.
  case serverNotRunning(address: String)
  /// The host name of the base URL could not be resolved (DNS).
  case hostNotFound(host: String)
  /// The TLS handshake with `host` failed: a certificate that is not
  /// trusted or out of date, or `https` to a server that speaks plain HTTP.
  case secureConnectionFailed(host: String, reason: String)
  /// The response is not what the API describes (not JSON, wrong shape,
  /// invalid UTF-8, too large); `snippet` shows the start of the offending text.
  case malformedResponse(reason: String, snippet: String)
  /// The stream stopped before the model finished (no `[DONE]` or
  /// `message_stop`), so the answer is incomplete.
  case streamEndedEarly(reason: String)
  /// The provider reported an error inside a successful response, such as an
  /// `error` event in a stream (`type` is the vendor's kind, e.g. `overloaded_error`).
  case providerError(type: String?, message: String)
  /// The request could not be built (for example the base URL is unusable).
  case invalidRequest(reason: String)

  /// The message, ending with what to do about it.
  public var description: String {
    switch self {
    case .httpStatus(let code, let message):
      let detail = message.map { ": \(Self.quoted($0))" } ?? ""
      return "HTTP \(code) from the provider\(detail). \(Self.fix(forStatus: code))"
    case .rateLimited(let retryAfter, let message):
      let detail = message.map { ": \($0)" } ?? ""
      let wait = retryAfter.map { " It asked to wait \(Self.format($0))." } ?? ""
      return
        "The provider is rate limiting requests (HTTP 429\(detail)).\(wait) Send fewer requests, wait and retry, or raise the account's quota."
    case .timedOut(let duration):
      return
        "No response from the provider within \(Self.format(duration)). Check that the server is reachable, or raise the model's `timeout` for slow (e.g. local) models."
    case .cancelled:
      return "The request was cancelled before the provider answered. Send it again if it is still needed."
    case .connectionFailed(let reason):
      return
        "Could not reach the provider: \(reason). Check the base URL and the network, and that a local server (Ollama, vLLM, llama.cpp, LM Studio) is running."
    case .serverNotRunning(let address):
      return
        "Nothing answers at \(address) (connection refused): no server is running there. Start the model server "
        + "(for Ollama: `ollama serve`), or fix the base URL's host and port."
    case .hostNotFound(let host):
      return
        "The host \(host) could not be found (DNS lookup failed). Check the spelling of the base URL's host, "
        + "and the network's DNS settings."
    case .secureConnectionFailed(let host, let reason):
      return
        "The secure (TLS) connection to \(host) failed: \(reason). Check the base URL's scheme (a local server "
        + "usually speaks http://, not https://), that the server's certificate is valid and trusted, and the clock."
    case .malformedResponse(let reason, let snippet):
      let near = snippet.isEmpty ? "" : " near \"\(snippet)\""
      return
        "The provider's response could not be read: \(reason)\(near). Check that the base URL points at the provider's API (OpenAI-compatible servers usually end in /v1) and not at a web page or proxy."
    case .streamEndedEarly(let reason):
      return
        "The response stream ended before the model finished (\(reason)), so the answer is incomplete. Retry the request; if it keeps happening, check proxies that cut long responses."
    case .providerError(let type, let message):
      let kind = type.map { " (\($0))" } ?? ""
      let advice =
        type == "overloaded_error"
        ? "The provider is overloaded; retry in a little while."
        : "Retry the request; if it persists, check the provider's status page."
      return "The provider reported an error\(kind): \(message). \(advice)"
    case .invalidRequest(let reason):
      return "The request could not be built: \(reason). Check the model's configuration."
    }
  }

  /// The same as ``description``, for `LocalizedError` consumers such as SwiftUI alerts.
  public var errorDescription: String? { description }

  /// Whether retrying the same request later may succeed: rate limits,
  /// timeouts, connection failures, truncated streams, overloads, and the
  /// statuses 408, 409 and 5xx except 501 and 505.
  ///
  /// Providers retry by this rule by default (see `RetryPolicy`'s
  /// `shouldRetry`), and so does ``/AgentSkill/Skill/retry(_:)`` around a
  /// skill that throws these errors.
  public var isRetryable: Bool {
    switch self {
    case .httpStatus(let code, _):
      code == 408 || code == 409 || code == 429 || (500..<600 ~= code && code != 501 && code != 505)
    case .rateLimited, .timedOut, .connectionFailed, .streamEndedEarly, .serverNotRunning: true
    case .providerError(let type, _): type == "overloaded_error" || type == "api_error"
    case .cancelled, .malformedResponse, .invalidRequest, .hostNotFound, .secureConnectionFailed: false
    }
  }

  /// The same error with secrets removed from every text it carries, so it
  /// can be kept and shown (a custom model may throw unredacted messages).
  func redacted() -> LanguageModelError {
    func clean(_ text: String) -> String { SecretRedactor.redact(text) }
    switch self {
    case .httpStatus(let code, let message): return .httpStatus(code: code, message: message.map(clean))
    case .rateLimited(let retryAfter, let message):
      return .rateLimited(retryAfter: retryAfter, message: message.map(clean))
    case .timedOut, .cancelled: return self
    case .connectionFailed(let reason): return .connectionFailed(reason: clean(reason))
    case .serverNotRunning(let address): return .serverNotRunning(address: clean(address))
    case .hostNotFound(let host): return .hostNotFound(host: clean(host))
    case .secureConnectionFailed(let host, let reason):
      return .secureConnectionFailed(host: clean(host), reason: clean(reason))
    case .malformedResponse(let reason, let snippet):
      return .malformedResponse(reason: clean(reason), snippet: clean(snippet))
    case .streamEndedEarly(let reason): return .streamEndedEarly(reason: clean(reason))
    case .providerError(let type, let message): return .providerError(type: type, message: clean(message))
    case .invalidRequest(let reason): return .invalidRequest(reason: clean(reason))
    }
  }

  /// A vendor's message in quotes, without the final period the sentence adds.
  static func quoted(_ message: String) -> String {
    var text = message.trimmingCharacters(in: .whitespacesAndNewlines)
    while text.hasSuffix(".") { text.removeLast() }
    return "\"\(text)\""
  }

  static func fix(forStatus code: Int) -> String {
    switch code {
    case 400, 422:
      "The provider rejected the request; check the model name, the messages and the tool schemas."
    case 401: "Check the API key: it is missing, mistyped or revoked."
    case 402: "The account has no credit left; check its billing."
    case 403: "The API key is not allowed to use this model or endpoint; check its permissions and the model name."
    case 404:
      "Check the base URL (OpenAI-compatible servers usually end in /v1) and the model name (a local server must have the model pulled)."
    case 408: "The provider timed out reading the request; retry it."
    case 413: "The request is too large; shorten the conversation or send fewer tools."
    case 500..<600:
      "The provider had a server error and the retries did not help; try again later or check its status page."
    default: "Check the provider's documentation for this status."
    }
  }

  static func format(_ duration: Duration) -> String {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    if seconds == seconds.rounded() { return "\(Int(seconds)) s" }
    return String(format: "%.1f s", seconds)
  }

  /// The start of `data` as text for an error message: invalid UTF-8
  /// replaced, secrets removed, at most `limit` characters.
  static func snippet(of data: Data, secrets: [String] = [], limit: Int = 200) -> String {
    snippet(of: String(decoding: data.prefix(limit * 4), as: UTF8.self), secrets: secrets, limit: limit)
  }

  /// The start of `text` for an error message: secrets removed, at most `limit` characters.
  static func snippet(of text: String, secrets: [String] = [], limit: Int = 200) -> String {
    let redacted = SecretRedactor.redact(String(text.prefix(limit * 2)), extraSecrets: secrets)
    let trimmed = redacted.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.count > limit else { return trimmed }
    return String(trimmed.prefix(limit)) + "…"
  }
}

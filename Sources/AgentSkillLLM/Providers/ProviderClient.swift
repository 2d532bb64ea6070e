import AgentSkill
import Foundation

/// Sends provider requests: retries error statuses as its `RetryPolicy`
/// says, with backoff on the injected clock, applies the timeout, turns error statuses into
/// ``LanguageModelError``s and checks that success bodies are what was asked for. Each
/// answered request is reported to ``ProviderAttemptReporting/reporter`` when a chat turn set it.
struct ProviderClient: Sendable {
  var transport: any HTTPTransport
  var clock: any Clock<Duration>
  var retryPolicy: RetryPolicy
  var timeout: Duration?
  var maximumResponseBytes: Int
  var secrets: [String]

  /// The largest error body read for its message.
  static let maximumErrorBodyBytes = 256 * 1024

  private enum Attempt<Value: Sendable>: Sendable {
    case success(Value)
    case failure(status: Int, headers: HTTPHeaderFields, body: Data, duration: Duration)
  }

  /// Sends `request` and returns the body parsed as JSON.
  func sendJSON(_ request: TransportRequest) async throws -> JSONValue {
    let limit = maximumResponseBytes
    let secrets = secrets
    return try await perform(request) { response in
      let body: Data
      do {
        body = try await response.collectBody(limit: limit)
      } catch LanguageModelError.connectionFailed(let reason) {
        throw LanguageModelError.streamEndedEarly(
          reason: "the connection closed before the whole response arrived: \(reason)")
      }
      return try Self.parseJSONBody(body, headers: response.headers, secrets: secrets)
    }
  }

  /// What answered a streaming request.
  enum StreamAnswer: Sendable {
    /// An event stream, body not yet read.
    case events(TransportResponse)
    /// A whole JSON answer from a server that ignored `stream: true`.
    case whole(JSONValue)
  }

  /// Sends `request` and returns the event stream once its head arrives, or
  /// the whole answer of a server that ignored the streaming request.
  func openEventStream(_ request: TransportRequest) async throws -> StreamAnswer {
    let secrets = secrets
    let limit = maximumResponseBytes
    return try await perform(request) { response in
      let type = (response.headers["content-type"] ?? "").lowercased()
      guard type.contains("application/json") || type.contains("text/html") else { return .events(response) }
      // A JSON answer is an error or a whole response; HTML is a misconfigured endpoint.
      let body = try await response.collectBody(limit: limit)
      guard type.contains("application/json") else {
        throw LanguageModelError.malformedResponse(
          reason: "expected an event stream but got \(type)",
          snippet: LanguageModelError.snippet(of: body, secrets: secrets))
      }
      return .whole(try Self.parseJSONBody(body, headers: response.headers, secrets: secrets))
    }
  }

  private func perform<Value: Sendable>(
    _ request: TransportRequest, onSuccess: @escaping @Sendable (TransportResponse) async throws -> Value
  ) async throws -> Value {
    var attempt = 1
    let transport = transport
    let clock = clock
    let report = ProviderAttemptReporting.reporter?.report
    while true {
      try Task.checkCancellation()
      let elapsed = stopwatch(on: clock)
      let number = attempt
      let outcome: Attempt<Value> = try await withDeadline {
        let response = try await transport.send(request)
        guard response.isSuccess else {
          let body = (try? await response.collectBody(limit: Self.maximumErrorBodyBytes)) ?? Data()
          return .failure(status: response.status, headers: response.headers, body: body, duration: elapsed())
        }
        report?(ProviderAttempt(number: number, status: response.status, duration: elapsed()))
        return .success(try await onSuccess(response))
      }
      switch outcome {
      case .success(let value):
        return value
      case .failure(let status, let headers, let body, let duration):
        let retryAfter = RetryAfter.requested(in: headers, status: status)
        let message = ProviderErrorBody.message(in: body, secrets: secrets)
        let error: LanguageModelError =
          status == 429
          ? .rateLimited(retryAfter: retryAfter, message: message) : .httpStatus(code: status, message: message)
        let delay = retryPolicy.delay(afterFailedAttempt: attempt, with: error, requested: retryAfter)
        report?(
          ProviderAttempt(number: number, status: status, duration: duration, waitBeforeRetry: delay, message: message))
        guard let delay else { throw error }
        attempt += 1
        try await sleep(on: clock, for: delay)
      }
    }
  }

  /// Runs `operation`, failing with ``LanguageModelError/timedOut(after:)``
  /// when it takes longer than ``timeout`` on the clock.
  private func withDeadline<Value: Sendable>(
    _ operation: @escaping @Sendable () async throws -> Value
  ) async throws -> Value {
    guard let timeout else { return try await operation() }
    let clock = clock
    return try await withThrowingTaskGroup(of: Value.self) { group in
      group.addTask { try await operation() }
      group.addTask {
        try await sleep(on: clock, for: timeout)
        throw LanguageModelError.timedOut(after: timeout)
      }
      defer { group.cancelAll() }
      guard let value = try await group.next() else { throw CancellationError() }
      return value
    }
  }

  /// Parses a success body, or explains why it is not the JSON the API describes.
  static func parseJSONBody(_ body: Data, headers: HTTPHeaderFields, secrets: [String]) throws -> JSONValue {
    let json: JSONValue
    do {
      json = try JSONParser.parse(Array(body))
    } catch {
      let type = headers["content-type"].map { " (\($0))" } ?? ""
      let reason = body.isEmpty ? "the body is empty" : "the body is not JSON\(type): \(error.reason)"
      throw LanguageModelError.malformedResponse(
        reason: reason, snippet: LanguageModelError.snippet(of: body, secrets: secrets))
    }
    if let error = ProviderErrorBody.error(in: json, secrets: secrets) {
      throw LanguageModelError.providerError(type: error.type, message: error.message)
    }
    return json
  }

  /// Maps an error thrown while a stream's body was being read.
  static func streamError(_ error: any Error) -> any Error {
    if Task.isCancelled { return CancellationError() }
    switch error {
    case LanguageModelError.connectionFailed(let reason):
      return LanguageModelError.streamEndedEarly(reason: reason)
    case LanguageModelError.cancelled:
      return LanguageModelError.streamEndedEarly(reason: "the connection was cancelled")
    default:
      return error
    }
  }
}

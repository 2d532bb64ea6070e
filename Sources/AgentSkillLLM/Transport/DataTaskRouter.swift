import AgentSkill
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The status line and headers of a response.
struct ResponseHead: Sendable {
  var status: Int
  var headers: HTTPHeaderFields
}

/// Routes a session's delegate callbacks to the handler of each task.
final class DataTaskRouter: NSObject, URLSessionDataDelegate, Sendable {
  private let handlers = LockIsolated<[Int: DataTaskHandler]>([:])

  func register(_ handler: DataTaskHandler, for taskIdentifier: Int) {
    handlers.withValue { $0[taskIdentifier] = handler }
  }

  private func handler(for task: URLSessionTask) -> DataTaskHandler? {
    handlers.value[task.taskIdentifier]
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    handler(for: dataTask)?.receive(response)
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    handler(for: dataTask)?.receive(data)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let handler = handlers.withValue { $0.removeValue(forKey: task.taskIdentifier) }
    handler?.complete(error: error, response: task.response)
  }
}

/// Bridges one data task's callbacks to the head continuation and the body stream.
final class DataTaskHandler: Sendable {
  private struct State {
    var headContinuation: CheckedContinuation<ResponseHead, any Error>?
    var head: Result<ResponseHead, any Error>?
  }

  private let body: AsyncThrowingStream<Data, any Error>.Continuation
  private let idleTimeout: Duration
  private let url: URL?
  private let state = LockIsolated(State())

  init(body: AsyncThrowingStream<Data, any Error>.Continuation, idleTimeout: Duration, url: URL? = nil) {
    self.body = body
    self.idleTimeout = idleTimeout
    self.url = url
  }

  func awaitHead(_ continuation: CheckedContinuation<ResponseHead, any Error>) {
    let ready = state.withValue { state -> Result<ResponseHead, any Error>? in
      if let head = state.head {
        return head
      }
      state.headContinuation = continuation
      return nil
    }
    if let ready { continuation.resume(with: ready) }
  }

  func receive(_ response: URLResponse) {
    guard let http = response as? HTTPURLResponse else {
      deliverHead(.failure(LanguageModelError.malformedResponse(reason: "the response is not HTTP", snippet: "")))
      return
    }
    var headers = HTTPHeaderFields()
    for (name, value) in http.allHeaderFields {
      headers.append(name: "\(name)", value: "\(value)")
    }
    deliverHead(.success(ResponseHead(status: http.statusCode, headers: headers)))
  }

  func receive(_ data: Data) {
    body.yield(data)
  }

  func complete(error: (any Error)?, response: URLResponse?) {
    if let error {
      let mapped = Self.map(error, idleTimeout: idleTimeout, url: url)
      deliverHead(.failure(mapped))
      body.finish(throwing: mapped)
      return
    }
    if let response { receive(response) }
    deliverHead(.failure(LanguageModelError.malformedResponse(reason: "the server sent no response", snippet: "")))
    body.finish()
  }

  private func deliverHead(_ result: Result<ResponseHead, any Error>) {
    let continuation = state.withValue { state -> CheckedContinuation<ResponseHead, any Error>? in
      guard state.head == nil else { return nil }
      state.head = result
      guard let continuation = state.headContinuation else { return nil }
      state.headContinuation = nil
      return continuation
    }
    continuation?.resume(with: result)
  }

  /// Whether a transport message is about the TLS handshake or a certificate.
  static func mentionsTLS(_ message: String) -> Bool {
    let lowered = message.lowercased()
    return ["ssl", "tls", "certificate", "handshake"].contains { lowered.contains($0) }
  }

  /// `http://127.0.0.1:11434`: the scheme, host and port a request went to.
  static func address(of url: URL?) -> String {
    guard let url, let host = url.host else { return "the server's address" }
    let scheme = url.scheme ?? "http"
    let port = url.port ?? (scheme == "https" ? 443 : 80)
    let shown = host.contains(":") ? "[\(host)]" : host
    return "\(scheme)://\(shown):\(port)"
  }

  static func map(_ error: any Error, idleTimeout: Duration, url: URL? = nil) -> any Error {
    if let languageModelError = error as? LanguageModelError { return languageModelError }
    guard let urlError = error as? URLError else {
      return LanguageModelError.connectionFailed(reason: SecretRedactor.redact("\(error)"))
    }
    switch urlError.code {
    case .timedOut: return LanguageModelError.timedOut(after: idleTimeout)
    case .cancelled: return LanguageModelError.cancelled
    case .cannotConnectToHost:
      return LanguageModelError.serverNotRunning(address: Self.address(of: url ?? urlError.failingURL))
    case .cannotFindHost, .dnsLookupFailed:
      return LanguageModelError.hostNotFound(host: (url ?? urlError.failingURL)?.host ?? "the server")
    case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
      .clientCertificateRequired:
      let reason = SecretRedactor.redact(urlError.localizedDescription)
      return LanguageModelError.secureConnectionFailed(
        host: (url ?? urlError.failingURL)?.host ?? "the server",
        reason: "\(reason) (URLError \(urlError.code.rawValue))")
    case .networkConnectionLost:
      return LanguageModelError.connectionFailed(reason: "the connection was lost (URLError \(urlError.code.rawValue))")
    default:
      let reason = SecretRedactor.redact(urlError.localizedDescription)
      if Self.mentionsTLS(reason) {
        // libcurl reports handshake failures ("SSL routines::wrong version number") without a URLError code.
        return LanguageModelError.secureConnectionFailed(
          host: (url ?? urlError.failingURL)?.host ?? "the server",
          reason: "\(reason) (URLError \(urlError.code.rawValue))")
      }
      return LanguageModelError.connectionFailed(reason: "\(reason) (URLError \(urlError.code.rawValue))")
    }
  }
}

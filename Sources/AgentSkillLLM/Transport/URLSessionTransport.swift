import AgentSkill
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An ``HTTPTransport`` on `URLSession` that delivers the body as the
/// network does, chunk by chunk (a data delegate, which works on Linux too,
/// where `URLSession.bytes` does not exist).
///
/// Cancelling the task that awaits ``send(_:)`` or iterates the body cancels
/// the URL task, which closes the connection, so a server stops generating.
///
/// ```swift
/// let transport = URLSessionTransport()
/// let response = try await transport.send(TransportRequest(url: url, body: body))
/// for try await chunk in response.body { … }
/// ```
public final class URLSessionTransport: HTTPTransport {
  /// A transport on an ephemeral session shared by every model that does not pass its own.
  public static let shared = URLSessionTransport()

  private let session: URLSession
  private let router: DataTaskRouter

  /// Creates a transport with its own session.
  ///
  /// - Parameter configuration: The session configuration. Defaults to an
  ///   ephemeral one without a URL cache.
  public init(configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration()) {
    let router = DataTaskRouter()
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    queue.name = "AgentSkillLLM.URLSessionTransport"
    self.router = router
    self.session = URLSession(configuration: configuration, delegate: router, delegateQueue: queue)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// An ephemeral configuration without a URL cache, suited to API calls.
  ///
  /// - Returns: A new configuration.
  public static func defaultConfiguration() -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpShouldSetCookies = false
    return configuration
  }

  /// Sends `request`, returning when the response head arrives.
  ///
  /// - Parameter request: The request.
  /// - Returns: The status, headers and the body as it arrives.
  /// - Throws: ``LanguageModelError/connectionFailed(reason:)``,
  ///   ``LanguageModelError/timedOut(after:)``, ``LanguageModelError/cancelled``,
  ///   or `CancellationError` when the calling task is cancelled.
  public func send(_ request: TransportRequest) async throws -> TransportResponse {
    try Task.checkCancellation()
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method
    urlRequest.httpBody = request.body
    urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
    let seconds = Double(request.idleTimeout.components.seconds)
    urlRequest.timeoutInterval = max(0.001, seconds + Double(request.idleTimeout.components.attoseconds) / 1e18)
    for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }

    let (body, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream()
    let task = session.dataTask(with: urlRequest)
    let handler = DataTaskHandler(body: bodyContinuation, idleTimeout: request.idleTimeout)
    bodyContinuation.onTermination = { _ in task.cancel() }
    router.register(handler, for: task.taskIdentifier)
    do {
      let head = try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ResponseHead, any Error>) in
          handler.awaitHead(continuation)
          task.resume()
        }
      } onCancel: {
        task.cancel()
      }
      return TransportResponse(status: head.status, headers: head.headers, body: body)
    } catch {
      task.cancel()
      if Task.isCancelled { throw CancellationError() }
      throw error
    }
  }
}

/// The status line and headers of a response.
struct ResponseHead: Sendable {
  var status: Int
  var headers: HTTPHeaderFields
}

/// Routes a session's delegate callbacks to the handler of each task.
final class DataTaskRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
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
final class DataTaskHandler: @unchecked Sendable {
  private struct State {
    var headContinuation: CheckedContinuation<ResponseHead, any Error>?
    var head: Result<ResponseHead, any Error>?
  }

  private let body: AsyncThrowingStream<Data, any Error>.Continuation
  private let idleTimeout: Duration
  private let state = LockIsolated(State())

  init(body: AsyncThrowingStream<Data, any Error>.Continuation, idleTimeout: Duration) {
    self.body = body
    self.idleTimeout = idleTimeout
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
      let mapped = Self.map(error, idleTimeout: idleTimeout)
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

  static func map(_ error: any Error, idleTimeout: Duration) -> any Error {
    if let languageModelError = error as? LanguageModelError { return languageModelError }
    guard let urlError = error as? URLError else {
      return LanguageModelError.connectionFailed(reason: SecretRedactor.redact("\(error)"))
    }
    switch urlError.code {
    case .timedOut: return LanguageModelError.timedOut(after: idleTimeout)
    case .cancelled: return LanguageModelError.cancelled
    case .networkConnectionLost:
      return LanguageModelError.connectionFailed(reason: "the connection was lost (URLError \(urlError.code.rawValue))")
    default:
      let reason = SecretRedactor.redact(urlError.localizedDescription)
      return LanguageModelError.connectionFailed(reason: "\(reason) (URLError \(urlError.code.rawValue))")
    }
  }
}

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
/// let models = URL(string: "http://localhost:11434/v1/models")!
/// let response = try await transport.send(TransportRequest(method: "GET", url: models))
/// for try await chunk in response.body { print(chunk.count, "bytes") }
/// ```
public final class URLSessionTransport: HTTPTransport {
  /// A transport on an ephemeral session shared by every model that does not pass its own.
  public static let shared = URLSessionTransport()

  private let session: URLSession
  private let router: DataTaskRouter
  /// Whether plain `http://` to `localhost` or an IPv4 address goes over ``SocketExchange`` on Linux.
  private let socketsForLocalHTTP: Bool

  /// Creates a transport with its own session.
  ///
  /// - Parameter configuration: The session configuration. Defaults to an
  ///   ephemeral one without a URL cache.
  public convenience init(configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration()) {
    self.init(configuration: configuration, socketsForLocalHTTP: true)
  }

  /// Creates a transport; with `socketsForLocalHTTP` off, every request goes
  /// through `URLSession`, also on Linux (the bench measures the difference).
  package init(configuration: URLSessionConfiguration, socketsForLocalHTTP: Bool) {
    self.socketsForLocalHTTP = socketsForLocalHTTP
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
    #if canImport(FoundationNetworking)
      // FoundationNetworking spins a core while a response stalls; local model servers get a socket of our own.
      if socketsForLocalHTTP, let target = SocketExchange.Target(request.url) {
        return try await SocketExchange.send(request, to: target)
      }
    #endif
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method
    urlRequest.httpBody = request.body
    urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
    let seconds = Double(request.idleTimeout.components.seconds)
    urlRequest.timeoutInterval = max(0.001, seconds + Double(request.idleTimeout.components.attoseconds) / 1e18)
    for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }

    let (body, bodyContinuation) = AsyncThrowingStream<Data, any Error>.makeStream()
    let task = session.dataTask(with: urlRequest)
    let handler = DataTaskHandler(body: bodyContinuation, idleTimeout: request.idleTimeout, url: request.url)
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

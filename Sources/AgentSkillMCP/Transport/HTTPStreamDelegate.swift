import AgentSkill
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One part of an HTTP exchange as it arrives.
enum HTTPPart: Sendable {
  /// The status line and headers.
  case head(HTTPURLResponse)
  /// The next bytes of the body.
  case body(Data)
}

/// Delivers each data task's response head and body bytes as they arrive, as a stream per task.
///
/// `URLSession.bytes(for:)` does not exist in swift-corelibs-foundation (Linux), so streaming goes through
/// the delegate on every platform.
final class HTTPStreamDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private let routes = LockIsolated<[Int: AsyncThrowingStream<HTTPPart, any Error>.Continuation]>([:])

  /// Starts `task` and returns its parts: first ``HTTPPart/head(_:)``, then the body; the stream ends when
  /// the exchange does, throwing the network error if any. Ending the stream early cancels the task.
  func start(_ task: URLSessionDataTask) -> AsyncThrowingStream<HTTPPart, any Error> {
    let (parts, continuation) = AsyncThrowingStream.makeStream(of: HTTPPart.self)
    let identifier = task.taskIdentifier
    routes.withValue { $0[identifier] = continuation }
    let cancel: @Sendable () -> Void = { task.cancel() }
    continuation.onTermination = { [routes] termination in
      routes.withValue { $0[identifier] = nil }
      if case .cancelled = termination { cancel() }
    }
    task.resume()
    return parts
  }

  func urlSession(
    _ session: URLSession,
    dataTask: URLSessionDataTask,
    didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    if let response = response as? HTTPURLResponse {
      _ = routes.value[dataTask.taskIdentifier]?.yield(.head(response))
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    _ = routes.value[dataTask.taskIdentifier]?.yield(.body(data))
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let continuation = routes.withValue { $0.removeValue(forKey: task.taskIdentifier) }
    continuation?.finish(throwing: error)
  }
}

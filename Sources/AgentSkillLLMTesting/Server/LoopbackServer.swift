import AgentSkillLLM
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1 (an ephemeral port) that plays
/// scripted responses, for testing HTTP clients end to end: real sockets,
/// real chunked transfer encoding, real server-sent events.
///
/// Responses are served in the order they were enqueued (then by the
/// handler, if one is set). Every request is recorded. Bodies can pause on
/// the server's clock (pass a `TestClock`) or on a ``/AgentSkillTesting/Checkpoint``, and can
/// end in an abrupt disconnect; the server notices when a client goes away
/// before a response ends.
///
/// ```swift
/// let server = try LoopbackServer()
/// defer { server.stop() }
/// server.enqueue(.json(["ok": true]))
/// let model = OpenAICompatibleModel(baseURL: server.baseURL.appending(path: "v1"), model: "test")
/// _ = try await model.respond(to: request)
/// #expect(server.requests.first?.path == "/v1/chat/completions")
/// ```
///
/// Each connection is served on its own thread with non-blocking sockets,
/// so scripted pauses never block Swift concurrency's thread pool.
/// ``stop()`` (also run on deinit) closes every socket and joins the threads.
public final class LoopbackServer: Sendable {
  /// The port the server listens on.
  public let port: UInt16
  /// `http://127.0.0.1:<port>`.
  public let baseURL: URL
  private let core: ServerCore

  /// Starts a server.
  ///
  /// - Parameter clock: The clock ``ScriptedHTTPResponse/Step/sleep(_:)`` steps
  ///   sleep on. Defaults to `ContinuousClock`; tests pass a `TestClock`.
  /// - Throws: ``LoopbackServerError`` when the socket cannot be opened.
  public init(clock: any Clock<Duration> = ContinuousClock()) throws(LoopbackServerError) {
    let (descriptor, port) = try Socket.listen()
    let wake: WakePipe
    do {
      wake = try WakePipe()
    } catch {
      Socket.closeDescriptor(descriptor)
      throw error
    }
    var components = URLComponents()
    components.scheme = "http"
    components.host = "127.0.0.1"
    components.port = Int(port)
    guard let url = components.url else {
      Socket.closeDescriptor(descriptor)
      wake.close()
      throw .socket(call: "URLComponents", errno: EINVAL)
    }
    self.port = port
    self.baseURL = url
    self.core = ServerCore(listenDescriptor: descriptor, acceptWake: wake, clock: clock)
    core.startAccepting()
  }

  deinit {
    core.stop()
  }

  /// The URL of `path` on this server.
  ///
  /// - Parameter path: A path such as `/v1`.
  /// - Returns: The full URL.
  public func url(_ path: String) -> URL {
    baseURL.appendingPathComponent(path.hasPrefix("/") ? String(path.dropFirst()) : path)
  }

  /// Adds responses to serve, in order, one per request.
  ///
  /// - Parameter responses: The responses.
  public func enqueue(_ responses: ScriptedHTTPResponse...) {
    core.state.withValue { $0.queue += responses }
  }

  /// Serves requests that find the queue empty with `handler`.
  ///
  /// Without a handler such requests get a 501 whose JSON error says that
  /// no response was scripted.
  ///
  /// - Parameter handler: Builds a response for a request; runs on the connection's thread.
  public func respond(with handler: @escaping @Sendable (RecordedRequest) -> ScriptedHTTPResponse) {
    core.state.withValue { $0.handler = handler }
  }

  /// The requests received so far, in arrival order.
  public var requests: [RecordedRequest] { core.state.value.requests }

  /// How many enqueued responses have not been served yet.
  public var pendingResponses: Int { core.state.value.queue.count }

  /// How many connections were accepted.
  public var acceptedConnections: Int { core.state.value.acceptedConnections }

  /// How many connections are open now.
  public var openConnections: Int { core.state.value.connections.count }

  /// How many times a client went away (closed or reset the connection)
  /// before the response it was receiving had ended.
  public var clientDisconnects: Int { core.state.value.clientDisconnects }

  /// Suspends until at least `count` requests have been received (or the server stops).
  ///
  /// - Parameter count: The number of requests.
  public func waitForRequests(_ count: Int = 1) async {
    await core.wait(.requests, count: count)
  }

  /// Suspends until clients went away mid-response at least `count` times (or the server stops).
  ///
  /// - Parameter count: The number of disconnects.
  public func waitForClientDisconnect(_ count: Int = 1) async {
    await core.wait(.disconnects, count: count)
  }

  /// Stops the server: closes the listening socket and every connection,
  /// ends every pause, and waits for the connection threads to finish.
  /// Calling it again does nothing.
  public func stop() {
    core.stop()
  }
}

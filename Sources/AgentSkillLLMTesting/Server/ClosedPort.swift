import AgentSkill
import Foundation

/// A port on 127.0.0.1 where nothing listens, held for as long as the value
/// lives: connecting is refused, and no server — another test's, running in
/// parallel — can take the port meanwhile. (A stopped ``LoopbackServer``'s
/// port can be handed to the next server that starts.)
///
/// ```swift
/// func nothingListening() throws {
///   let closed = try ClosedPort()
///   defer { closed.release() }
///   print(closed.url("/v1"))  // http://127.0.0.1:PORT/v1: every connection is refused
/// }
/// ```
public final class ClosedPort: Sendable {
  /// The port.
  public let port: UInt16
  private let descriptor: LockIsolated<Int32?>

  /// Reserves an ephemeral port.
  ///
  /// - Throws: ``LoopbackServerError`` when no socket can be bound.
  public init() throws(LoopbackServerError) {
    let (descriptor, port) = try Socket.reserve()
    self.port = port
    self.descriptor = LockIsolated(descriptor)
  }

  deinit {
    release()
  }

  /// `http://127.0.0.1:PORT` followed by `path`.
  ///
  /// - Parameter path: The path, starting with `/`.
  /// - Returns: The URL.
  public func url(_ path: String = "") -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// Gives the port back; later connections may reach whatever binds it next. Called at release too.
  public func release() {
    let held = descriptor.withValue { descriptor in
      defer { descriptor = nil }
      return descriptor
    }
    if let held { Socket.closeDescriptor(held) }
  }
}

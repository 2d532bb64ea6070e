/// One step of a connection, for a protocol trace: a message received or sent, or the end of the connection.
///
/// ```swift
/// func serveWithTrace(_ server: MCPServer) async {
///   await server.serveStandardIO { event in
///     print(event)   // <- {"jsonrpc":"2.0","id":1,"method":"tools/list"} …
///   }
/// }
/// ```
///
/// Messages are the JSON-RPC lines exactly as they crossed the connection, without the newline.
public enum MCPTraceEvent: Sendable, Hashable, CustomStringConvertible {
  /// A line the peer sent.
  case received(String)
  /// A line this side sent.
  case sent(String)
  /// The connection ended; `reason` says how.
  case closed(reason: String)

  /// `<- line` for a received line, `-> line` for a sent one, `-- closed: reason` at the end.
  public var description: String {
    switch self {
    case .received(let line): "<- \(line)"
    case .sent(let line): "-> \(line)"
    case .closed(let reason): "-- closed: \(reason)"
    }
  }
}

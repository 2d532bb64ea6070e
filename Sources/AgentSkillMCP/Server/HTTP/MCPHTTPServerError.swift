/// Why an ``MCPHTTPServer`` could not start.
public enum MCPHTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The port could not be opened on 127.0.0.1.
  case cannotListen(port: Int, reason: String)

  /// What went wrong and what to do about it.
  public var description: String {
    switch self {
    case .cannotListen(let port, let reason):
      "The MCP server could not listen on 127.0.0.1:\(port): \(reason). Pick another port, or 0 for any free one."
    }
  }
}

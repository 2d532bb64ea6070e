#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the loopback server could not start.
public enum LoopbackServerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A socket call failed with `errno`.
  case socket(call: String, errno: Int32)

  /// The failing call and the system's explanation.
  public var description: String {
    switch self {
    case .socket(let call, let code):
      let reason = String(cString: strerror(code))
      return
        "LoopbackServer: \(call)() failed: \(reason) (errno \(code)). Check that the process may open sockets on 127.0.0.1 and has file descriptors left."
    }
  }
}

import AgentSkill
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

#if os(macOS) || os(Linux)
  /// A TCP listening socket on 127.0.0.1 that hands each accepted connection to `onConnection` as a file handle.
  ///
  /// The only memory the kernel touches is a `sockaddr` value passed `inout` with its own size, so the code
  /// needs no pointer types; reads and writes go through `FileHandle`.
  final class LoopbackListener: Sendable {
    /// The port it listens on (the one the system picked when asked for port 0).
    let port: Int
    private let descriptor: Int32
    private let stopped = LockIsolated(false)

    /// Binds and listens, then accepts on a thread of its own until ``stop()``.
    ///
    /// - Throws: Why the port could not be opened.
    init(port requested: Int, onConnection: @escaping @Sendable (FileHandle) -> Void) throws(ChannelClosedError) {
      _ = ignoreSIGPIPE
      guard (0...65535).contains(requested) else {
        throw ChannelClosedError(reason: "the port \(requested) is not between 0 and 65535")
      }
      #if canImport(Darwin)
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
      #else
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      #endif
      guard descriptor >= 0 else { throw ChannelClosedError(reason: "no socket (\(Self.lastError()))") }
      var reuse: Int32 = 1
      _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
      // sockaddr_in's bytes in a plain sockaddr: the port (big-endian), then 127.0.0.1, then zeros.
      var address = sockaddr()
      #if canImport(Darwin)
        address.sa_len = UInt8(MemoryLayout<sockaddr>.size)
      #endif
      address.sa_family = sa_family_t(AF_INET)
      address.sa_data = (
        CChar(bitPattern: UInt8(requested >> 8)), CChar(bitPattern: UInt8(requested & 0xFF)), 127, 0, 0, 1, 0, 0, 0, 0,
        0, 0, 0, 0
      )
      guard bind(descriptor, &address, socklen_t(MemoryLayout<sockaddr>.size)) == 0 else {
        let reason = Self.lastError()
        _ = close(descriptor)
        throw ChannelClosedError(reason: "127.0.0.1:\(requested) could not be bound (\(reason))")
      }
      guard listen(descriptor, 64) == 0 else {
        let reason = Self.lastError()
        _ = close(descriptor)
        throw ChannelClosedError(reason: "127.0.0.1:\(requested) could not listen (\(reason))")
      }
      var length = socklen_t(MemoryLayout<sockaddr>.size)
      _ = getsockname(descriptor, &address, &length)
      port = Int(UInt8(bitPattern: address.sa_data.0)) << 8 | Int(UInt8(bitPattern: address.sa_data.1))
      self.descriptor = descriptor
      let stopped = stopped
      Thread.detachNewThread {
        while !stopped.value {
          let client = accept(descriptor, nil, nil)
          if client < 0 {
            if errno == EINTR || errno == ECONNABORTED { continue }
            break
          }
          onConnection(FileHandle(fileDescriptor: client, closeOnDealloc: false))
        }
      }
    }

    /// Stops accepting; connections already accepted go on until they end.
    func stop() {
      let wasStopped = stopped.withValue { stopped in
        defer { stopped = true }
        return stopped
      }
      guard !wasStopped else { return }
      _ = shutdown(descriptor, Int32(SHUT_RDWR))
      _ = close(descriptor)
    }

    private static func lastError() -> String {
      let code = errno
      return POSIXErrorCode(rawValue: code).map { "\(POSIXError($0).localizedDescription), errno \(code)" }
        ?? "errno \(code)"
    }
  }
#endif

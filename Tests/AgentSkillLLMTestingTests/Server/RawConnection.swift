import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A blocking TCP client for driving the loopback server byte by byte.
///
/// Blocking calls run on a dedicated thread so they never tie up the
/// concurrency pool; a 10-second receive timeout keeps a broken test from
/// hanging forever (it is a guard, not a sleep).
final class RawConnection: @unchecked Sendable {
  private let descriptor: Int32
  private var received: [UInt8] = []
  private let lock = NSLock()

  init(port: UInt16) throws {
    #if canImport(Glibc)
      descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw RawConnectionError.failed("socket") }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
      var one: Int32 = 1
      _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(descriptor)
      throw RawConnectionError.failed("connect")
    }
  }

  deinit { close(descriptor) }

  func send(_ text: String) { send(Array(text.utf8)) }

  func send(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
      #else
        let flags: Int32 = 0
      #endif
      let sent = bytes.withUnsafeBytes {
        sendBytes(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset, flags)
      }
      guard sent > 0 else { return }
      offset += sent
    }
  }

  /// Reads until `isComplete` holds for everything received so far, or the
  /// server closes; returns everything received.
  func read(until isComplete: @escaping @Sendable ([UInt8]) -> Bool = { _ in false }) async -> [UInt8] {
    await withCheckedContinuation { (continuation: CheckedContinuation<[UInt8], Never>) in
      Thread.detachNewThread { [self] in
        continuation.resume(returning: blockingRead(until: isComplete))
      }
    }
  }

  /// Reads until `text` has been received.
  func read(untilContains text: String) async -> String {
    let needle = Array(text.utf8)
    let bytes = await read { received in
      received.count >= needle.count
        && (0...(received.count - needle.count)).contains { received[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads until the server closes the connection.
  func readToEnd() async -> String {
    String(decoding: await read(), as: UTF8.self)
  }

  func closeNow() {
    shutdown(descriptor, Int32(SHUT_RDWR))
  }

  private func blockingRead(until isComplete: ([UInt8]) -> Bool) -> [UInt8] {
    lock.lock()
    defer { lock.unlock() }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !isComplete(received) {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      received.append(contentsOf: buffer[0..<count])
    }
    return received
  }
}

private func sendBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
  send(descriptor, buffer, count, flags)
}

enum RawConnectionError: Error {
  case failed(String)
}

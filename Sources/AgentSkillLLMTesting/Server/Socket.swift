#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over the POSIX socket calls the loopback server needs.
enum Socket {
  #if canImport(Glibc)
    static let streamType = Int32(SOCK_STREAM.rawValue)
    static let sendFlags = Int32(MSG_NOSIGNAL)
  #elseif canImport(Musl)
    static let streamType = Int32(SOCK_STREAM)
    static let sendFlags = Int32(MSG_NOSIGNAL)
  #else
    static let streamType = SOCK_STREAM
    static let sendFlags: Int32 = 0
  #endif

  /// A listening socket on 127.0.0.1 with an ephemeral port.
  static func listen() throws(LoopbackServerError) -> (descriptor: Int32, port: UInt16) {
    let (descriptor, port) = try bindLoopback(reuseAddress: true)
    guard systemListen(descriptor, 128) == 0 else {
      let code = errno
      close(descriptor)
      throw .socket(call: "listen", errno: code)
    }
    setNonBlocking(descriptor)
    return (descriptor, port)
  }

  /// A socket bound to an ephemeral port on 127.0.0.1 that never listens: connecting to the port is refused, and
  /// since it is bound without `SO_REUSEADDR`, no other socket can take the port while it is open.
  static func reserve() throws(LoopbackServerError) -> (descriptor: Int32, port: UInt16) {
    try bindLoopback(reuseAddress: false)
  }

  /// A TCP socket bound to an ephemeral port on 127.0.0.1, and that port.
  private static func bindLoopback(reuseAddress: Bool) throws(LoopbackServerError) -> (descriptor: Int32, port: UInt16)
  {
    let descriptor = socket(AF_INET, streamType, 0)
    guard descriptor >= 0 else { throw .socket(call: "socket", errno: errno) }
    if reuseAddress {
      var reuse: Int32 = 1
      _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(0).bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      let code = errno
      close(descriptor)
      throw .socket(call: "bind", errno: code)
    }
    var boundAddress = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &boundAddress) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard named == 0 else {
      let code = errno
      close(descriptor)
      throw .socket(call: "getsockname", errno: code)
    }
    return (descriptor, UInt16(bigEndian: boundAddress.sin_port))
  }

  static func setNonBlocking(_ descriptor: Int32) {
    let flags = fcntl(descriptor, F_GETFL, 0)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
  }

  /// Prepares an accepted connection: non-blocking, no SIGPIPE, no Nagle delay.
  static func configureConnection(_ descriptor: Int32) {
    setNonBlocking(descriptor)
    preventSIGPIPE(descriptor)
    var one: Int32 = 1
    _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
  }

  /// Makes writes to a socket whose peer is gone fail with `EPIPE` instead
  /// of raising SIGPIPE, which would kill the test process.
  ///
  /// Apple platforms have the per-socket `SO_NOSIGPIPE`; elsewhere every
  /// send passes ``sendFlags`` (`MSG_NOSIGNAL`) instead.
  static func preventSIGPIPE(_ descriptor: Int32) {
    #if canImport(Darwin)
      var one: Int32 = 1
      _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  static func isWouldBlock(_ code: Int32) -> Bool {
    code == EAGAIN || code == EWOULDBLOCK || code == EINTR
  }

  /// Closes a descriptor, ignoring errors.
  static func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
  }
}

/// `listen` is shadowed by ``Socket/listen()`` inside the enum.
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
  listen(descriptor, backlog)
}

/// A self-pipe that wakes a thread blocked in `poll`: a connected pair of
/// local sockets, one end polled, the other written to.
///
/// The pipe owns both descriptors and closes them exactly once, in `deinit`,
/// which runs only after the last holder — the connection thread, `stop()`,
/// a pause's timer task, a checkpoint's release callback — has let go. So
/// ``wake()`` never writes to a closed descriptor, nor to one the process has
/// since reused for another socket or pipe. A socket pair rather than
/// `pipe(2)` lets every write be sent without SIGPIPE (`MSG_NOSIGNAL`, or
/// `SO_NOSIGPIPE` on Apple platforms).
final class WakePipe: Sendable {
  /// The end ``Socket/wait(_:for:orWake:)`` polls.
  let readDescriptor: Int32
  private let writeDescriptor: Int32

  init() throws(LoopbackServerError) {
    var descriptors: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Socket.streamType, 0, &descriptors) == 0 else {
      throw .socket(call: "socketpair", errno: errno)
    }
    readDescriptor = descriptors[0]
    writeDescriptor = descriptors[1]
    for descriptor in descriptors {
      Socket.setNonBlocking(descriptor)
      Socket.preventSIGPIPE(descriptor)
    }
  }

  deinit {
    Socket.closeDescriptor(readDescriptor)
    Socket.closeDescriptor(writeDescriptor)
  }

  /// Makes the read end readable; safe from any thread.
  ///
  /// When the pipe is full, the waiting thread has a wake pending anyway.
  func wake() {
    var byte: UInt8 = 1
    _ = send(writeDescriptor, &byte, 1, Socket.sendFlags)
  }

  /// Empties the read end.
  func drain() {
    var buffer = [UInt8](repeating: 0, count: 64)
    while buffer.withUnsafeMutableBytes({ recv(readDescriptor, $0.baseAddress, $0.count, 0) }) > 0 {}
  }
}

/// What `poll` on a socket and a wake pipe reported.
struct PollResult {
  var socketReady = false
  var socketHungUp = false
  var woken = false
}

extension Socket {
  /// Waits until `descriptor` is ready for `events` (`POLLIN` or `POLLOUT`) or the pipe is woken.
  static func wait(_ descriptor: Int32, for events: Int16, orWake wake: WakePipe) -> PollResult {
    var descriptors = [
      pollfd(fd: descriptor, events: events, revents: 0),
      pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let count = poll(&descriptors, nfds_t(descriptors.count), -1)
      if count < 0 {
        if errno == EINTR { continue }
        return PollResult(socketReady: false, socketHungUp: true, woken: false)
      }
      let socketEvents = descriptors[0].revents
      var result = PollResult()
      result.socketReady = socketEvents & events != 0
      result.socketHungUp = socketEvents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
      result.woken = descriptors[1].revents & Int16(POLLIN) != 0
      if result.woken { wake.drain() }
      return result
    }
  }
}

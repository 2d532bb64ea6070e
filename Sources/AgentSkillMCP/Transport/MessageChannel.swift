import Foundation

/// What a channel to a peer delivers.
enum ChannelEvent: Sendable, Equatable {
  /// One line of newline-delimited JSON, without the newline.
  case line([UInt8])
  /// A line longer than the cap was dropped.
  case oversized(bytes: Int)
  /// A line the peer wrote to its log (a child process's stderr).
  case log(String)
  /// The channel ended; `reason` says how (`exited with status 3`).
  case closed(reason: String)
}

extension ChannelEvent {
  /// Reads `handle` until its end, yielding each newline-delimited line (or
  /// the size of a line over `maximumLineLength`); blocks, so call it on a
  /// thread of its own.
  static func readLines(
    from handle: FileHandle, maximumLineLength: Int, into continuation: AsyncStream<ChannelEvent>.Continuation
  ) {
    var framer = LineFramer(maximumLineLength: maximumLineLength)
    func emit(_ events: [LineFramer.Event]) {
      for event in events {
        switch event {
        case .line(let bytes): continuation.yield(.line(bytes))
        case .oversized(let count): continuation.yield(.oversized(bytes: count))
        }
      }
    }
    while case let data = handle.availableData, !data.isEmpty { emit(framer.feed(data)) }
    emit(framer.finish())
  }
}

/// Why a message could not be sent.
struct ChannelClosedError: Error, Sendable {
  /// What happened.
  let reason: String
  /// Whether the channel has ended for good (every later send fails too), rather than this one exchange.
  ///
  /// The peer ends the connection before it reports an ended channel's error, so a caller that checks the
  /// connection after the error never sees it open.
  let ended: Bool

  init(reason: String, ended: Bool = true) {
    self.reason = reason
    self.ended = ended
  }
}

/// A two-way stream of newline-delimited JSON-RPC messages: a child
/// process's stdin/stdout, this process's own, or an HTTP session.
protocol MessageChannel: Sendable {
  /// Incoming lines, logs, and finally ``ChannelEvent/closed(reason:)``.
  var events: AsyncStream<ChannelEvent> { get }
  /// Sends one message, newline included.
  func send(_ line: Data) async throws(ChannelClosedError)
  /// Closes the channel; a child process is asked to exit, then terminated.
  func close() async
}

/// The default cap on one incoming line: 32 MiB, room for large images.
let defaultMaximumLineLength = 32 << 20

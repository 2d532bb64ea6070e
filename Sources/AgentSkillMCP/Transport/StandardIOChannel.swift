import AgentSkill
import Foundation

/// This process's own stdin and stdout as a channel, for a server a client starts as a child process.
///
/// Reading stops at the end of stdin; closing stops answering but leaves stdout open, since the process
/// itself decides when to exit.
final class StandardIOChannel: MessageChannel {
  let events: AsyncStream<ChannelEvent>
  private let output: FileHandle
  private let outputClosed = LockIsolated(false)

  /// Starts reading `input`.
  init(
    input: FileHandle = .standardInput,
    output: FileHandle = .standardOutput,
    maximumLineLength: Int = defaultMaximumLineLength
  ) {
    _ = ignoreSIGPIPE
    self.output = output
    let (events, continuation) = AsyncStream.makeStream(of: ChannelEvent.self)
    self.events = events
    Thread.detachNewThread {
      ChannelEvent.readLines(from: input, maximumLineLength: maximumLineLength, into: continuation)
      continuation.yield(.closed(reason: "closed its end of the connection"))
      continuation.finish()
    }
  }

  func send(_ line: Data) async throws(ChannelClosedError) {
    let output = output
    let failure: ChannelClosedError? = outputClosed.withValue { closed in
      guard !closed else { return ChannelClosedError(reason: "the connection is closed") }
      do {
        try output.write(contentsOf: line)
        return nil
      } catch {
        closed = true
        return ChannelClosedError(reason: "the client no longer reads (\(error.localizedDescription))")
      }
    }
    if let failure { throw failure }
  }

  func close() async {
    outputClosed.setValue(true)
  }
}

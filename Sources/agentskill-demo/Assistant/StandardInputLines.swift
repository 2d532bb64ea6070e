import Foundation

/// Lines from standard input, read on their own thread so waiting for the
/// user never blocks the main actor (where the chat agent runs).
@MainActor
final class StandardInputLines {
  private var iterator: AsyncStream<String>.Iterator

  init() {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .unbounded)
    let thread = Thread {
      while let line = readLine(strippingNewline: true) {
        continuation.yield(line)
      }
      continuation.finish()
    }
    thread.name = "agentskill-demo stdin"
    thread.start()
    iterator = stream.makeAsyncIterator()
  }

  /// The next line, or `nil` at the end of input.
  func next() async -> String? {
    // The iterator shares the stream's storage; advance a copy and keep it.
    var current = iterator
    let line = await current.next(isolation: MainActor.shared)
    iterator = current
    return line
  }
}

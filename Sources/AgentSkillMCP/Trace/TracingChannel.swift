import Foundation

/// A channel that reports every line crossing `base` to `trace`: each incoming line before it is handled,
/// each outgoing line as it is sent (before the answer, over HTTP too), and the end of the connection.
final class TracingChannel: MessageChannel {
  let events: AsyncStream<ChannelEvent>
  /// The channel traced.
  let base: any MessageChannel
  private let trace: @Sendable (MCPTraceEvent) -> Void

  init(_ base: any MessageChannel, trace: @escaping @Sendable (MCPTraceEvent) -> Void) {
    self.base = base
    self.trace = trace
    let (events, continuation) = AsyncStream.makeStream(of: ChannelEvent.self)
    self.events = events
    let incoming = base.events
    Task {
      for await event in incoming {
        switch event {
        case .line(let bytes): trace(.received(String(decoding: bytes, as: UTF8.self)))
        case .closed(let reason): trace(.closed(reason: reason))
        case .oversized, .log: break
        }
        continuation.yield(event)
      }
      continuation.finish()
    }
  }

  func send(_ line: Data) async throws(ChannelClosedError) {
    var text = String(decoding: line, as: UTF8.self)
    if text.hasSuffix("\n") { text.removeLast() }
    // Recorded before sending: over HTTP the send returns only once the answer has been delivered.
    trace(.sent(text))
    try await base.send(line)
  }

  func close() async {
    await base.close()
  }
}

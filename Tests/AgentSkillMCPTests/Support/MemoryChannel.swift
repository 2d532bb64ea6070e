import AgentSkill
import AgentSkillLLM
import Foundation

@testable import AgentSkillMCP

/// A channel whose peer is the test: it feeds raw lines in and reads what was sent.
final class MemoryChannel: MessageChannel {
  let events: AsyncStream<ChannelEvent>
  private let continuation: AsyncStream<ChannelEvent>.Continuation
  private let sentLines = LockIsolated<[String]>([])

  init() {
    (events, continuation) = AsyncStream.makeStream(of: ChannelEvent.self)
  }

  /// Delivers `text` as raw bytes, newlines splitting lines.
  func feed(_ text: String) {
    var framer = LineFramer(maximumLineLength: 1 << 20)
    for case .line(let bytes) in framer.feed(Array(text.utf8)) + framer.finish() {
      continuation.yield(.line(bytes))
    }
  }

  /// Delivers one event as the channel's reader would (an over-long line, a log line).
  func deliver(_ event: ChannelEvent) {
    continuation.yield(event)
  }

  /// Ends the connection as a client disconnecting would.
  func disconnect() {
    continuation.yield(.closed(reason: "disconnected"))
    continuation.finish()
  }

  /// Every message sent, parsed.
  var sent: [JSONValue] {
    sentLines.value.compactMap { try? JSONValue(parsing: $0) }
  }

  /// The answer to request `id`, once sent.
  func answer(to id: JSONValue) -> JSONValue? {
    sent.first { $0["id"] == id && ($0["result"] != nil || $0["error"] != nil) }
  }

  func send(_ line: Data) async throws(ChannelClosedError) {
    sentLines.withValue { $0.append(String(decoding: line, as: UTF8.self)) }
  }

  func close() async {
    continuation.finish()
  }
}

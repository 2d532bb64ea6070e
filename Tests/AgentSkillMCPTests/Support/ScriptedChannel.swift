import AgentSkill
import AgentSkillLLM
import Foundation

@testable import AgentSkillMCP

/// A server side the test scripts: it answers `initialize` at once and does with every other request what the
/// test says, and it delivers the channel's end only when the test asks. That holds the reader's view of the
/// connection back, so the order in which a caller sees an error and the connection's state is the client's own
/// doing, not the scheduler's.
final class ScriptedChannel: MessageChannel {
  /// What the channel does with a request other than `initialize`.
  enum Reply: Sendable {
    /// Answers with an empty result.
    case answer
    /// The send fails and the channel has ended (a 404 for the session, a broken pipe).
    case endChannel(reason: String)
    /// The send fails, but only this exchange (a response that ended without an answer).
    case failExchange(reason: String)
    /// Nothing comes back.
    case silence
  }

  let events: AsyncStream<ChannelEvent>
  private let continuation: AsyncStream<ChannelEvent>.Continuation
  private let reply = LockIsolated(Reply.answer)
  private let closeGate = AsyncStream.makeStream(of: Void.self)
  private let holdsClose: Bool
  private let sentMethods = LockIsolated<[String]>([])

  /// - Parameter holdsClose: Whether ``close()`` waits for ``releaseClose()`` (a slow DELETE or a slow exit).
  init(holdsClose: Bool = false) {
    (events, continuation) = AsyncStream.makeStream(of: ChannelEvent.self)
    self.holdsClose = holdsClose
  }

  /// What the next requests get.
  func replyToRequests(with reply: Reply) {
    self.reply.setValue(reply)
  }

  /// Delivers the channel's end to the reader, as a transport does some time after it ended.
  func deliverEnd(reason: String) {
    continuation.yield(.closed(reason: reason))
    continuation.finish()
  }

  /// Lets a held ``close()`` return.
  func releaseClose() {
    closeGate.continuation.finish()
  }

  /// The methods of every message sent, in order.
  var methods: [String] { sentMethods.value }

  func send(_ line: Data) async throws(ChannelClosedError) {
    guard
      case .message(let message)? = JSONRPCLine.decode(Array(line.prefix(while: { $0 != 0x0A }))).first
    else { return }
    switch message {
    case .request(let id, let method, _):
      sentMethods.withValue { $0.append(method) }
      if method == "initialize" {
        let result: JSONValue = [
          "protocolVersion": .string(MCPProtocolVersion.latestHandshake.rawValue),
          "capabilities": [:],
          "serverInfo": ["name": "scripted", "version": "1.0"],
        ]
        continuation.yield(.line(Array(JSONRPCLine.encode(.result(id: id, result: result)).dropLast())))
        return
      }
      switch reply.value {
      case .answer:
        continuation.yield(.line(Array(JSONRPCLine.encode(.result(id: id, result: [:])).dropLast())))
      case .endChannel(let reason):
        throw ChannelClosedError(reason: reason)
      case .failExchange(let reason):
        throw ChannelClosedError(reason: reason, ended: false)
      case .silence:
        return
      }
    case .notification(let method, _):
      sentMethods.withValue { $0.append(method) }
    default:
      return
    }
  }

  func close() async {
    if holdsClose {
      for await _ in closeGate.stream {}
    }
    deliverEnd(reason: "the connection was closed")
  }
}

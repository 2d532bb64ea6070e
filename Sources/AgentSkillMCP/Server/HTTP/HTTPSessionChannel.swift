import AgentSkill
import Foundation

/// One Streamable HTTP session as a channel for ``MCPServer``: the client's POSTed messages come in as lines;
/// each answer goes out on the event stream of the POST that carried its request, which closes once every
/// request it carried is answered. Messages the server sends on its own (progress, elicitation) go to the
/// newest open stream.
final class HTTPSessionChannel: MessageChannel {
  let events: AsyncStream<ChannelEvent>
  private let continuation: AsyncStream<ChannelEvent>.Continuation

  private struct Stream {
    let connection: HTTPConnection
    var waiting: Set<JSONRPCID>
    let done: AsyncStream<Void>.Continuation
  }

  private struct State {
    var streams: [Int: Stream] = [:]
    var nextKey = 0
    var closed = false
  }

  private let state = LockIsolated(State())

  init() {
    (events, continuation) = AsyncStream.makeStream(of: ChannelEvent.self)
  }

  /// Passes messages the client POSTed to the server.
  func receive(_ bytes: [UInt8]) {
    continuation.yield(.line(bytes))
  }

  /// Answers the requests `ids` on `connection`'s event stream, passing `bytes` to the server; returns when
  /// every one is answered or the session ends.
  func stream(_ bytes: [UInt8], answering ids: Set<JSONRPCID>, on connection: HTTPConnection) async {
    let (done, signal) = AsyncStream.makeStream(of: Void.self)
    let opened = state.withValue { state -> Bool in
      guard !state.closed else { return false }
      state.streams[state.nextKey] = Stream(connection: connection, waiting: ids, done: signal)
      state.nextKey += 1
      return true
    }
    guard opened else { return }
    continuation.yield(.line(bytes))
    for await _ in done {}
  }

  func send(_ line: Data) async throws(ChannelClosedError) {
    var answered: JSONRPCID?
    if case .message(let message)? = JSONRPCLine.decode(Array(line.prefix(while: { $0 != 0x0A }))).first {
      switch message {
      case .result(let id, _): answered = id
      case .error(let id?, _): answered = id
      default: break
      }
    }
    let failure: ChannelClosedError? = state.withValue { state in
      guard !state.closed else { return ChannelClosedError(reason: "the session ended") }
      let key: Int?
      if let answered {
        key = state.streams.first { $0.value.waiting.contains(answered) }?.key
      } else {
        key = state.streams.keys.max()
      }
      // An answer to a request whose stream is gone (the client hung up) is dropped, as is a notification with
      // no stream open: this server offers no GET stream.
      guard let key, var stream = state.streams[key] else { return nil }
      stream.connection.sendEvent(line)
      if let answered {
        stream.waiting.remove(answered)
        if stream.waiting.isEmpty {
          state.streams[key] = nil
          stream.done.finish()
          return nil
        }
      }
      state.streams[key] = stream
      return nil
    }
    if let failure { throw failure }
  }

  func close() async {
    let streams = state.withValue { state in
      state.closed = true
      defer { state.streams.removeAll() }
      return state.streams.values
    }
    for stream in streams { stream.done.finish() }
    continuation.yield(.closed(reason: "the session ended"))
    continuation.finish()
  }
}

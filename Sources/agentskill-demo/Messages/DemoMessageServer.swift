import AgentSkill
import AgentSkillList
import Foundation

/// The network failure the demo's server simulates.
struct DemoNetworkError: Error, CustomStringConvertible {
  var description: String { "the network connection was lost" }
}

/// A pretend message server for the demo: answers after a latency on the
/// injected clock, can go offline, receives new messages, and streams
/// assistant replies in small chunks.
final class DemoMessageServer<C: Clock>: Sendable where C.Duration == Duration {
  private struct State {
    var messages: [DemoMessage]
    var isOnline = true
    var nextID: Int
  }

  private let state: LockIsolated<State>
  private let clock: C
  private let latency: Duration
  private let chunkDelay: Duration

  /// Creates a server holding the inbox's first three messages.
  init(clock: C, latency: Duration, chunkDelay: Duration) {
    let messages = [
      DemoMessage(id: "m1", author: "小李", text: "早上好，项目 X 的消息列表上线了吗？"),
      DemoMessage(id: "m2", author: "小王", text: "上线了，加载、刷新、重试都交给 Agent 了。"),
      DemoMessage(id: "m3", author: "小李", text: "那我试试下拉刷新。"),
    ]
    self.state = LockIsolated(State(messages: messages, nextID: messages.count + 1))
    self.clock = clock
    self.latency = latency
    self.chunkDelay = chunkDelay
  }

  /// The whole list, as one page, after the latency; throws while offline.
  func fetch(_ request: PageRequest) async throws -> Page<DemoMessage> {
    try await clock.sleep(for: latency)
    let (online, messages) = state.withValue { ($0.isOnline, $0.messages) }
    guard online else { throw DemoNetworkError() }
    return Page(items: messages)
  }

  /// Takes the server offline or brings it back.
  func setOnline(_ online: Bool) {
    state.withValue { $0.isOnline = online }
  }

  /// A message another user posts; the next load or refresh brings it in.
  func receive(from author: String, _ text: String) {
    state.withValue { state in
      state.messages.append(DemoMessage(id: "m\(state.nextID)", author: author, text: text))
      state.nextID += 1
    }
  }

  /// Stores a finished assistant reply and returns it.
  func storeReply(_ text: String) -> DemoMessage {
    state.withValue { state in
      let message = DemoMessage(id: "m\(state.nextID)", author: "助手", text: text)
      state.messages.append(message)
      state.nextID += 1
      return message
    }
  }

  /// The reply to `prompt`, two characters at a time, one chunk per `chunkDelay`.
  func streamReply(to prompt: String) -> AsyncThrowingStream<String, any Error> {
    let reply = Self.reply(to: prompt)
    let delay = chunkDelay
    let clock = self.clock
    return AsyncThrowingStream { continuation in
      let producer = Task {
        var rest = Substring(reply)
        while !rest.isEmpty {
          do {
            try await clock.sleep(for: delay)
          } catch {
            continuation.finish(throwing: error)
            return
          }
          continuation.yield(String(rest.prefix(2)))
          rest = rest.dropFirst(2)
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in producer.cancel() }
    }
  }

  static func reply(to prompt: String) -> String {
    switch prompt {
    case "总结一下": "今天完成了首屏加载和下拉刷新，一切正常。"
    case "有什么风险": "网络不稳时会自动重试三次，再给出兜底提示。"
    default: "好的，我会把这些都记在消息流里。"
    }
  }
}

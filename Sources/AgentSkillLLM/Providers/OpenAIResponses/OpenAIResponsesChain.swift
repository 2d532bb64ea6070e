import AgentSkill
import Foundation

/// The stored responses a model may continue with `previous_response_id`:
/// for each, the conversation it answered and its answer, so a later request
/// that repeats them and adds to them sends only what it adds.
///
/// Messages are compared by role, text (an answer's text trimmed) and call
/// ids, not byte for byte, so a history an agent rebuilt from its transcript
/// still matches. Leading system messages are left out: they are sent as
/// `instructions` with every request. Shared by copies of a model; the most
/// recent ``capacity`` responses are kept.
final class OpenAIResponsesChain: Sendable {
  /// A stored response a request continues.
  struct Link: Sendable, Hashable {
    /// The stored response's id.
    var id: String
    /// How many of the request's messages it covers (leading system messages included).
    var coveredMessages: Int
  }

  private struct Key: Hashable, Sendable {
    var role: ChatMessage.Role
    var content: String
    var toolCallID: String?
    var calls: [String]

    init(_ message: ChatMessage) {
      role = message.role
      content =
        message.role == .assistant ? message.content.trimmingCharacters(in: .whitespacesAndNewlines) : message.content
      toolCallID = message.toolCallID
      calls = message.toolCalls.map { "\($0.id) \($0.name)" }
    }
  }

  private struct Entry: Sendable {
    var id: String
    var keys: [Key]
  }

  static let capacity = 32

  private let entries = LockIsolated<[Entry]>([])

  /// The stored response `messages` continue, covering the most of them, if any.
  func link(for messages: [ChatMessage]) -> Link? {
    let leading = messages.prefix { $0.role == .system }.count
    let keys = messages.dropFirst(leading).map(Key.init)
    let best = entries.value
      .filter { $0.keys.count < keys.count && keys.starts(with: $0.keys) }
      .max { $0.keys.count < $1.keys.count }
    return best.map { Link(id: $0.id, coveredMessages: leading + $0.keys.count) }
  }

  /// Remembers that response `id` answered `messages` with `response`.
  func record(id: String, messages: [ChatMessage], response: ChatResponse) {
    let leading = messages.prefix { $0.role == .system }.count
    let answer = ChatMessage.assistant(response.text ?? "", toolCalls: response.toolCalls)
    let keys = (messages.dropFirst(leading) + [answer]).map(Key.init)
    entries.withValue { entries in
      entries.removeAll { $0.id == id }
      entries.append(Entry(id: id, keys: keys))
      if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }
  }

  /// Forgets response `id` (the server no longer has it).
  func forget(_ id: String) {
    entries.withValue { $0.removeAll { $0.id == id } }
  }
}

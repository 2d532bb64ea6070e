import AgentSkill
import AgentSkillList
import Foundation

/// A stand-in for the remote inbox API: three pages of messages with some
/// latency, a first load that fails (the device starts offline) so the
/// screen shows its failure and Retry, and a reply streamed word by word.
actor MessageServer {
  /// Why a request failed, worded for the person using the app.
  struct Offline: LocalizedError {
    var errorDescription: String? { "You're offline." }
  }

  private let pageSize = 15
  private let pageCount = 3
  private let latency: Duration
  private var isOffline: Bool

  /// A server that answers after `latency`; when `startsOffline`, the first
  /// load fails until the user retries.
  init(latency: Duration = .milliseconds(600), startsOffline: Bool = true) {
    self.latency = latency
    self.isOffline = startsOffline
  }

  /// One page of the inbox. The first load fails with every automatic
  /// retry; tapping Retry (or pulling to refresh) brings the device online.
  func page(_ request: PageRequest) async throws -> Page<Message> {
    try await Task.sleep(for: latency)
    if request.reason != .load { isOffline = false }
    if isOffline { throw Offline() }
    let page = request.cursor?.pageNumber ?? 1
    let messages = (0..<pageSize).map { index in Self.message(number: (page - 1) * pageSize + index + 1) }
    return Page(items: messages, next: page < pageCount ? PageCursor(page + 1) : nil)
  }

  /// The message `id`, as its screen loads it.
  func message(_ id: Message.ID) async throws -> Message {
    try await Task.sleep(for: latency)
    if isOffline { throw Offline() }
    guard let number = Self.number(of: id), (1...pageSize * pageCount).contains(number) else { throw NotFound() }
    return Self.message(number: number)
  }

  /// A message the server does not have.
  struct NotFound: LocalizedError {
    var errorDescription: String? { "This message was deleted." }
  }

  /// The inbox's message `number`, with an id that stays the same across loads (so a link to it keeps working).
  static func message(number: Int) -> Message {
    let id = UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number)) ?? UUID()
    return Message(
      id: id, sender: "Contact \(number % 7 + 1)", text: "Message \(number): see you at \(number % 12 + 1) pm?")
  }

  private static func number(of id: Message.ID) -> Int? {
    Int(id.uuidString.suffix(12))
  }

  /// The people messages can be sent to.
  private let contacts: Set<String> = ["ada@example.com", "grace@example.com", "linus@example.com"]
  /// The messages sent, newest last.
  private(set) var sent: [[ComposeField: String]] = []

  /// Whether `address` is one of the user's contacts.
  func isContact(_ address: String) async throws -> Bool {
    try await Task.sleep(for: latency / 3)
    return contacts.contains(address.lowercased())
  }

  /// Sends a message.
  func send(_ message: [ComposeField: String]) async throws {
    try await Task.sleep(for: latency)
    sent.append(message)
  }

  /// The assistant's answer to `prompt`, one word at a time.
  nonisolated func reply(to prompt: String) -> AsyncThrowingStream<String, any Error> {
    let words = "You have three unread threads; Contact 2 asked to move tomorrow's meeting to 3 pm.".split(
      separator: " ")
    return AsyncThrowingStream { continuation in
      let task = Task {
        for (index, word) in words.enumerated() {
          try await Task.sleep(for: .milliseconds(60))
          continuation.yield(index == 0 ? String(word) : " " + word)
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

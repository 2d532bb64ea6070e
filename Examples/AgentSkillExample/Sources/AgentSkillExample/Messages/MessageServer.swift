import AgentSkill
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
  private var isOffline = true

  init(latency: Duration = .milliseconds(600)) {
    self.latency = latency
  }

  /// One page of the inbox. The first load fails with every automatic
  /// retry; tapping Retry (or pulling to refresh) brings the device online.
  func page(_ request: PageRequest) async throws -> Page<Message> {
    try await Task.sleep(for: latency)
    if request.reason != .load { isOffline = false }
    if isOffline { throw Offline() }
    let page = request.cursor?.pageNumber ?? 1
    let messages = (0..<pageSize).map { index in
      let number = (page - 1) * pageSize + index + 1
      return Message(sender: "Contact \(number % 7 + 1)", text: "Message \(number): see you at \(number % 12 + 1) pm?")
    }
    return Page(items: messages, next: page < pageCount ? PageCursor(page + 1) : nil)
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

import Foundation

/// One message of the inbox, or the assistant's streamed reply.
struct Message: Identifiable, Hashable, Codable, Sendable {
  /// Who wrote a message.
  enum Author: String, Hashable, Codable, Sendable {
    case contact
    case assistant
  }

  let id: UUID
  let author: Author
  let sender: String
  let text: String

  init(id: UUID = UUID(), author: Author = .contact, sender: String, text: String) {
    self.id = id
    self.author = author
    self.sender = sender
    self.text = text
  }

  /// The assistant's reply built from a finished stream.
  static func assistantReply(_ text: String) -> Message {
    Message(author: .assistant, sender: "Assistant", text: text)
  }
}

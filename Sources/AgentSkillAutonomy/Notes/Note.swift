import AgentSkill

/// A note: its id and its text, as the editor shows it and the server stores it.
///
/// ```swift
/// let note = Note(id: "groceries", text: "Milk, eggs")
/// ```
public struct Note: Codable, Sendable, Hashable, Identifiable {
  /// The note's key on the server and in the draft store.
  public var id: String
  /// The note's text.
  public var text: String

  /// Creates a note.
  ///
  /// - Parameters:
  ///   - id: The note's key on the server and in the draft store.
  ///   - text: The note's text.
  public init(id: String, text: String) {
    self.id = id
    self.text = text
  }
}

import AgentSkillLLM

/// One expense in the ledger.
package struct LedgerEntry: Sendable, Hashable, Codable {
  /// A stable identifier.
  package var id: String
  /// The day, `2026-03-04`.
  package var date: String
  /// The time, `12:30`.
  package var time: String
  /// The category key (`food`); unknown keys count as ``LedgerCategory/other``.
  package var category: String
  /// What it was: a plain string, or `{"default": "午饭", "en": "Lunch"}`.
  package var note: LocalizedText
  /// The amount in cents (fen).
  package var amountCents: Int

  /// Creates an entry.
  package init(id: String, date: String, time: String, category: LedgerCategory, note: LocalizedText, amountCents: Int)
  {
    self.id = id
    self.date = date
    self.time = time
    self.category = category.rawValue
    self.note = note
    self.amountCents = amountCents
  }

  /// The entry's category.
  package var ledgerCategory: LedgerCategory { LedgerCategory(name: category) ?? .other }
}

/// The ledger file: `{"version": 1, "entries": [...]}`.
package struct LedgerDocument: Sendable, Hashable, Codable {
  /// The format version.
  package var version: Int
  /// The expenses, in no particular order.
  package var entries: [LedgerEntry]

  /// Creates a document.
  package init(version: Int = 1, entries: [LedgerEntry]) {
    self.version = version
    self.entries = entries
  }
}

import Foundation

/// The ledger file `ledger.json` in the data directory.
package struct LedgerStore: Sendable {
  /// The file name.
  package static let fileName = "ledger.json"

  private let file: DemoFileStore<LedgerDocument>
  private let calendar: DemoCalendar

  /// Creates a store in `directory`.
  package init(directory: URL, calendar: DemoCalendar) {
    self.file = DemoFileStore(directory: directory, fileName: Self.fileName, calendar: calendar)
    self.calendar = calendar
  }

  /// The file's location.
  package var url: URL { file.url }

  /// Reads the ledger, creating the sample one on first use and backing up a corrupt file.
  ///
  /// - Returns: The ledger and a notice for the user, if any.
  /// - Throws: ``DemoFileError`` when the file cannot be read or written.
  package func load() throws(DemoFileError) -> DemoFileStore<LedgerDocument>.Loaded {
    try file.load { LedgerSeed.document(calendar: calendar) }
  }

  /// The entries from `first` to `last` (days as `2026-03-04`, inclusive), optionally
  /// of one category, sorted by day and time.
  package func entries(from first: String, to last: String, category: LedgerCategory? = nil) throws(DemoFileError)
    -> [LedgerEntry]
  {
    try load().document.entries
      .filter { $0.date >= first && $0.date <= last }
      .filter { category == nil || $0.ledgerCategory == category }
      .sorted { ($0.date, $0.time, $0.id) < ($1.date, $1.time, $1.id) }
  }
}

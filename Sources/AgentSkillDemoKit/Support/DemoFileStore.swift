import Foundation

/// Why a demo data file could not be read or written, with what to do.
package struct DemoFileError: Error, CustomStringConvertible, Sendable {
  /// What went wrong and how to fix it.
  package let description: String
}

/// A JSON document in the data directory, created with a seed on first
/// use and written atomically.
///
/// A file that does not parse is never overwritten silently: it is moved to
/// `<name>.corrupt-<yyyyMMdd-HHmmss>` next to it, a fresh seed is written,
/// and the load returns a notice saying so, which the CLI prints.
package struct DemoFileStore<Document: Codable & Sendable>: Sendable {
  /// The file.
  package let url: URL
  private let calendar: DemoCalendar

  /// The result of ``load(seed:)``.
  package struct Loaded: Sendable {
    /// The document.
    package var document: Document
    /// What happened that the user should know (a corrupt file backed up, a new file created).
    package var notice: DemoNotice?
  }

  /// Creates a store for `fileName` in `directory`.
  package init(directory: URL, fileName: String, calendar: DemoCalendar) {
    self.url = directory.appendingPathComponent(fileName, isDirectory: false)
    self.calendar = calendar
  }

  /// Reads the document; creates it from `seed` when the file is missing,
  /// and backs up a corrupt file before replacing it with the seed.
  ///
  /// - Parameter seed: Makes the first document.
  /// - Returns: The document and a notice for the user, if any.
  /// - Throws: ``DemoFileError`` when the directory or file cannot be read or written.
  package func load(seed: () -> Document) throws(DemoFileError) -> Loaded {
    let manager = FileManager.default
    guard manager.fileExists(atPath: url.path) else {
      let document = seed()
      try save(document)
      return Loaded(document: document, notice: .created(url))
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw DemoFileError(description: "Cannot read \(url.path): \(error.localizedDescription). Check its permissions.")
    }
    do {
      return Loaded(document: try JSONDecoder().decode(Document.self, from: data), notice: nil)
    } catch {
      let backup = try backUp()
      let document = seed()
      try save(document)
      return Loaded(document: document, notice: .corrupt(url, backup: backup, reason: Self.reason(error)))
    }
  }

  /// Writes `document` atomically, creating the directory if needed.
  ///
  /// - Throws: ``DemoFileError`` when it cannot be written.
  package func save(_ document: Document) throws(DemoFileError) {
    do {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      try encoder.encode(document).write(to: url, options: .atomic)
    } catch {
      throw DemoFileError(
        description: "Cannot write \(url.path): \(error.localizedDescription). "
          + "Check the directory's permissions, or choose another one with --data DIR.")
    }
  }

  /// Moves the file to `<name>.corrupt-<timestamp>` (numbered if taken).
  private func backUp() throws(DemoFileError) -> URL {
    let parts = calendar.calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: calendar.now())
    let stamp = String(
      format: "%04d%02d%02d-%02d%02d%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
      parts.minute ?? 0, parts.second ?? 0)
    let manager = FileManager.default
    var candidate = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).corrupt-\(stamp)")
    var number = 1
    while manager.fileExists(atPath: candidate.path) {
      number += 1
      candidate = url.deletingLastPathComponent().appendingPathComponent(
        "\(url.lastPathComponent).corrupt-\(stamp)-\(number)")
    }
    do {
      try manager.moveItem(at: url, to: candidate)
    } catch {
      throw DemoFileError(
        description: "\(url.path) is not valid JSON and could not be backed up (\(error.localizedDescription)); "
          + "it was left untouched. Fix or move it, then run again.")
    }
    return candidate
  }

  private static func reason(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context): context.debugDescription
    case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
    default: String(describing: error)
    }
  }
}

/// Something about the data files the user should be told.
package enum DemoNotice: Sendable, Hashable {
  /// A new file with sample data was created.
  case created(URL)
  /// A file did not parse: it was backed up and replaced with sample data.
  case corrupt(URL, backup: URL, reason: String)

  /// The notice in the user's language.
  package func text(_ language: DemoLanguage) -> String {
    switch self {
    case .created(let url):
      return language.pick("已创建示例数据：\(url.path)", "Created sample data: \(url.path)")
    case .corrupt(let url, let backup, let reason):
      return language.pick(
        "⚠︎ \(url.lastPathComponent) 无法读取（\(reason)），已备份为 \(backup.path)，并重新生成了示例数据。",
        "⚠︎ \(url.lastPathComponent) could not be read (\(reason)); it was backed up to \(backup.path) "
          + "and replaced with sample data.")
    }
  }

  /// Whether the user must be told (a new sample file is routine).
  package var isWarning: Bool {
    if case .corrupt = self { return true }
    return false
  }
}

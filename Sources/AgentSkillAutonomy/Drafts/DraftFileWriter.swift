import AgentSkill
import Foundation

/// Writes a draft's bytes to a new temporary file, which ``FileDraftStore``
/// then renames over the previous draft.
///
/// The default, ``protected``, is right for apps; tests inject a writer that
/// fails to check that a failed save leaves the previous draft intact:
///
/// ```swift
/// let failing = DraftFileWriter { data, file in
///   try data.write(to: file)
///   throw CocoaError(.fileWriteOutOfSpace)   // the temporary file is written, the rename never happens
/// }
/// ```
public struct DraftFileWriter: Sendable {
  private let write: @Sendable (Data, URL) throws -> Void

  /// Creates a writer.
  ///
  /// - Parameter write: Writes the bytes to the file at the URL, which does
  ///   not exist yet and is in the store's directory.
  public init(_ write: @escaping @Sendable (_ data: Data, _ temporaryFile: URL) throws -> Void) {
    self.write = write
  }

  /// Writes `data` to `temporaryFile`.
  ///
  /// - Parameters:
  ///   - data: The encoded draft.
  ///   - temporaryFile: The new file to write.
  /// - Throws: What the writer throws.
  public func callAsFunction(_ data: Data, to temporaryFile: URL) throws {
    try write(data, temporaryFile)
  }

  /// Writes the file with complete file protection on iOS, watchOS, tvOS and
  /// visionOS (a plain file elsewhere) and flushes it to storage before the
  /// store renames it.
  ///
  /// Complete protection encrypts the file with a key the system derives
  /// from the device passcode and discards while the device is locked, so a
  /// draft cannot be read from a locked device — and cannot be written
  /// either: save while the app is in use.
  public static var protected: DraftFileWriter {
    DraftFileWriter { data, file in
      #if os(iOS) || os(watchOS) || os(tvOS) || os(visionOS)
        try data.write(to: file, options: [.withoutOverwriting, .completeFileProtection])
      #else
        try data.write(to: file, options: [.withoutOverwriting])
      #endif
      let handle = try FileHandle(forWritingTo: file)
      defer { try? handle.close() }
      try handle.synchronize()
    }
  }
}

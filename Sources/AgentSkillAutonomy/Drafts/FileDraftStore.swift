import AgentSkill
import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A ``DraftStore`` keeping each draft as a JSON file in a directory,
/// replaced atomically and, on iOS, watchOS, tvOS and visionOS, with
/// complete file protection.
///
/// ```swift
/// let support = try FileManager.default.url(
///   for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
/// let drafts = FileDraftStore<String>(directory: support.appendingPathComponent("Drafts"))  // any Codable draft
/// try await drafts.save("See you at 6", id: "reply-42")
/// let reply = try await drafts.load(id: "reply-42")           // "See you at 6"
/// ```
///
/// **Never half a draft.** A save writes a temporary file in the same
/// directory (``DraftFileWriter/protected`` flushes it to storage) and then
/// renames it over the previous draft. A rename within a directory is
/// atomic, so if the app dies or the write fails at any point, the previous
/// draft is still there, whole. A temporary file a crash leaves behind
/// (a name starting with `.` and ending in `.tmp`) is never listed or
/// loaded, and the store removes such files the first time it is used.
///
/// **Why file protection, not CryptoKit and the Keychain.** Drafts never
/// leave the device, so what they need is encryption at rest, which Data
/// Protection provides with a key tied to the device passcode and
/// unavailable while the device is locked. Encrypting with CryptoKit under
/// a key kept in the Keychain would add a key to create, protect, migrate
/// and possibly lose (a restored backup without the key makes every draft
/// unreadable) while protecting against nothing more: the Keychain item
/// would have to be readable whenever the app is, exactly when the
/// protected file is. On Linux and macOS the files are plain files in the
/// directory you choose.
///
/// Use one store per directory: the store's own operations are serialised
/// (it is an actor), not those of two stores sharing a directory.
public actor FileDraftStore<Draft: Codable & Sendable>: DraftStore {
  /// Where the drafts are kept; created on the first save.
  package nonisolated let directory: URL
  private let writer: DraftFileWriter
  private var hasRemovedTemporaryFiles = false

  /// The longest draft id, in bytes once percent-encoded for its file name:
  /// 200 ASCII letters, digits, `-` or `_`; each other character takes 3 to
  /// 12 bytes. Use short keys such as `reply-42` or a UUID.
  public static var maximumEncodedIDLength: Int { 200 }

  /// Creates a store keeping drafts in `directory`.
  ///
  /// - Parameters:
  ///   - directory: Where to keep the drafts, such as a folder in Application Support.
  ///   - writer: How a draft's temporary file is written. Defaults to
  ///     ``DraftFileWriter/protected``; tests inject failing writers.
  public init(directory: URL, writer: DraftFileWriter = .protected) {
    self.directory = directory
    self.writer = writer
  }

  /// Writes `draft` to a temporary file and renames it over the previous draft.
  ///
  /// - Parameters:
  ///   - draft: The value to keep.
  ///   - id: The draft's key: non-empty, at most ``maximumEncodedIDLength`` bytes encoded.
  /// - Throws: ``DraftStoreError``; the previous draft is then unchanged.
  public func save(_ draft: Draft, id: String) throws(DraftStoreError) {
    let file = try fileURL(for: id)
    removeTemporaryFilesOnce()
    let data: Data
    do {
      data = try JSONEncoder().encode(draft)
    } catch {
      throw .encodingFailed(id: id, reason: String(describing: error))
    }
    let temporary = directory.appendingPathComponent(
      "." + file.deletingPathExtension().lastPathComponent + "." + UUID().uuidString + Self.temporarySuffix)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try writer(data, to: temporary)
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw .writeFailed(id: id, reason: String(describing: error))
    }
    guard rename(temporary.path, file.path) == 0 else {
      let code = errno
      try? FileManager.default.removeItem(at: temporary)
      throw .writeFailed(id: id, reason: "rename failed with errno \(code)")
    }
  }

  /// The draft stored under `id`, or `nil` when there is none.
  ///
  /// - Parameter id: The draft's key.
  /// - Returns: The draft, or `nil`.
  /// - Throws: ``DraftStoreError`` when the file could not be read or decoded.
  public func load(id: String) throws(DraftStoreError) -> Draft? {
    let file = try fileURL(for: id)
    removeTemporaryFilesOnce()
    guard FileManager.default.fileExists(atPath: file.path) else { return nil }
    let data: Data
    do {
      data = try Data(contentsOf: file)
    } catch {
      throw .readFailed(id: id, reason: String(describing: error))
    }
    do {
      return try JSONDecoder().decode(Draft.self, from: data)
    } catch {
      throw .decodingFailed(id: id, reason: String(describing: error))
    }
  }

  /// Removes the draft stored under `id`; does nothing when there is none.
  ///
  /// - Parameter id: The draft's key.
  /// - Throws: ``DraftStoreError/deleteFailed(id:reason:)`` when the file could not be removed.
  public func delete(id: String) throws(DraftStoreError) {
    let file = try fileURL(for: id)
    guard FileManager.default.fileExists(atPath: file.path) else { return }
    do {
      try FileManager.default.removeItem(at: file)
    } catch {
      throw .deleteFailed(id: id, reason: String(describing: error))
    }
  }

  /// The ids of every stored draft, sorted; temporary files are not drafts.
  ///
  /// - Returns: The ids; empty before the first save.
  /// - Throws: ``DraftStoreError/listFailed(reason:)`` when the directory could not be read.
  public func list() throws(DraftStoreError) -> [String] {
    removeTemporaryFilesOnce()
    guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    } catch {
      throw .listFailed(reason: String(describing: error))
    }
    return names.compactMap(Self.id(fromFileName:)).sorted()
  }

  private static var temporarySuffix: String { ".tmp" }
  private static var draftExtension: String { "json" }

  /// Characters kept as they are in file names; everything else is
  /// percent-encoded, so no id can name a hidden, temporary or outside file.
  private static var fileNameCharacters: CharacterSet {
    CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
  }

  private func fileURL(for id: String) throws(DraftStoreError) -> URL {
    guard !id.isEmpty,
      let encoded = id.addingPercentEncoding(withAllowedCharacters: Self.fileNameCharacters),
      encoded.utf8.count <= Self.maximumEncodedIDLength
    else { throw .invalidID(id) }
    return directory.appendingPathComponent(encoded + "." + Self.draftExtension)
  }

  private static func id(fromFileName name: String) -> String? {
    guard !name.hasPrefix("."), name.hasSuffix("." + draftExtension) else { return nil }
    return String(name.dropLast(draftExtension.count + 1)).removingPercentEncoding
  }

  /// Removes the temporary files a crash between write and rename left behind.
  private func removeTemporaryFilesOnce() {
    guard !hasRemovedTemporaryFiles else { return }
    hasRemovedTemporaryFiles = true
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
    for name in names where name.hasPrefix(".") && name.hasSuffix(Self.temporarySuffix) {
      try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }
  }
}

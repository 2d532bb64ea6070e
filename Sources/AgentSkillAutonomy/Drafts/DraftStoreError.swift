import AgentSkill
import Foundation

/// Why a ``DraftStore`` could not save, load, delete or list drafts.
///
/// ```swift
/// let error = DraftStoreError.invalidID("")
/// print(error.localizedDescription)   // A draft id must not be empty …
/// ```
public enum DraftStoreError: Error, Hashable, LocalizedError, CustomStringConvertible {
  /// The id cannot name a draft: it is empty or too long for a file name.
  case invalidID(String)
  /// The draft could not be encoded as JSON.
  case encodingFailed(id: String, reason: String)
  /// The draft could not be written or moved into place; the previous draft is unchanged.
  case writeFailed(id: String, reason: String)
  /// The stored draft could not be read.
  case readFailed(id: String, reason: String)
  /// The stored draft is not a valid draft of this type.
  case decodingFailed(id: String, reason: String)
  /// The draft could not be removed.
  case deleteFailed(id: String, reason: String)
  /// The store's directory could not be read.
  case listFailed(reason: String)

  /// What went wrong and how to fix it.
  public var errorDescription: String? { description }

  /// What went wrong and how to fix it.
  public var description: String {
    switch self {
    case .invalidID(let id):
      id.isEmpty
        ? "A draft id must not be empty: pass an id such as \"reply-42\"."
        : "The draft id \"\(id.prefix(40))…\" is too long for a file name: "
          + "use a short key such as \"reply-42\" or a UUID (at most 200 ASCII letters and digits)."
    case .encodingFailed(let id, let reason):
      "Draft \"\(id)\" could not be encoded as JSON (\(reason)): make every stored property Codable."
    case .writeFailed(let id, let reason):
      "Draft \"\(id)\" could not be saved (\(reason)); the previous draft is unchanged. "
        + "Check that the store's directory is writable and the device has free space, then save again."
    case .readFailed(let id, let reason):
      "Draft \"\(id)\" could not be read (\(reason)). "
        + "With complete file protection drafts are unreadable while the device is locked: load after unlock."
    case .decodingFailed(let id, let reason):
      "Draft \"\(id)\" is not a valid draft of this type (\(reason)): "
        + "it was saved by an incompatible version; delete it with delete(id:)."
    case .deleteFailed(let id, let reason):
      "Draft \"\(id)\" could not be deleted (\(reason)): check that the store's directory is writable."
    case .listFailed(let reason):
      "The drafts could not be listed (\(reason)): check that the store's directory exists and is readable."
    }
  }
}

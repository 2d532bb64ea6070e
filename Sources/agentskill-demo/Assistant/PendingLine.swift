import AgentSkill
import Foundation

/// The line being typed at the prompt, shared between the line editor's
/// thread (which edits it key by key) and the main actor (which discards it
/// when Ctrl-C is pressed on a half-typed line, as shells do).
final class PendingLine: Sendable {
  private let bytes = LockIsolated<[UInt8]>([])

  /// Runs `body` on the line's UTF-8 bytes, holding the lock.
  func edit<T>(_ body: (inout [UInt8]) -> T) -> T {
    bytes.withValue(body)
  }

  /// Empties the line; returns whether it held anything.
  func discard() -> Bool {
    edit { bytes in
      defer { bytes = [] }
      return !bytes.isEmpty
    }
  }
}

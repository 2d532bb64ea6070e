import Foundation

/// The line being typed at the prompt, shared between the line editor's
/// thread (which edits it key by key) and the main actor (which discards it
/// when Ctrl-C is pressed on a half-typed line, as shells do).
final class PendingLine: @unchecked Sendable {
  // Safety: `bytes` is read and written only while `lock` is held.
  private let lock = NSLock()
  private var bytes: [UInt8] = []

  /// Runs `body` on the line's UTF-8 bytes, holding the lock.
  func edit<T>(_ body: (inout [UInt8]) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&bytes)
  }

  /// Empties the line; returns whether it held anything.
  func discard() -> Bool {
    edit { bytes in
      defer { bytes = [] }
      return !bytes.isEmpty
    }
  }
}

/// Follows streamed argument text just far enough to know whether it already
/// holds one complete JSON object or string, in time linear in the fragments.
///
/// Used to tell a new call from a continuation when a server sends several
/// calls under the same index without ids.
struct JSONCompletenessTracker: Sendable, Hashable {
  private var depth = 0
  private var inString = false
  private var escaped = false
  private var started = false
  /// Whether a top-level object, array or string has closed.
  private(set) var isComplete = false

  mutating func consume(_ fragment: String) {
    for byte in fragment.utf8 {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if depth == 0 { isComplete = true }
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        started = true
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        started = true
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth > 0 { depth -= 1 }
        if depth == 0, started { isComplete = true }
      default:
        break
      }
    }
  }
}

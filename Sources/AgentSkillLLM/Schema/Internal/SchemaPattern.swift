import Foundation

/// A compiled `pattern`: an ECMA-262 regular expression run as an unanchored
/// search, as JSON Schema specifies.
///
/// ICU (behind `NSRegularExpression`) reads most ECMA-262 syntax alike; the
/// differences that change results are rewritten first: `$` matches only at
/// the very end (ICU also matches before a final line break), and `\d` / `\w`
/// mean ASCII digits and word characters (ICU takes all of Unicode), and `[`
/// inside a class is a literal (ICU would open a nested set).
/// `\p{…}` property escapes work as in ECMA-262's unicode mode.
///
/// `Sendable` without `@unchecked`: both fields are constants, and
/// `NSRegularExpression` is immutable and declared `Sendable` by Foundation.
struct SchemaPattern: Sendable {
  let source: String
  private let regex: NSRegularExpression

  /// Compiles `source`, or returns `nil` when it is not a valid expression.
  init?(_ source: String) {
    guard let regex = try? NSRegularExpression(pattern: Self.translated(source)) else { return nil }
    self.source = source
    self.regex = regex
  }

  /// Whether the expression matches anywhere in `string`.
  func matches(_ string: String) -> Bool {
    let range = NSRange(string.startIndex..<string.endIndex, in: string)
    return regex.rangeOfFirstMatch(in: string, options: [], range: range).location != NSNotFound
  }

  /// Rewrites the ECMA-262 constructs whose ICU meaning differs.
  static func translated(_ source: String) -> String {
    var output = ""
    var inClass = false
    var iterator = source.makeIterator()
    while let character = iterator.next() {
      switch character {
      case "\\":
        guard let escaped = iterator.next() else {
          output.append(character)
          continue
        }
        switch (escaped, inClass) {
        case ("d", false): output += "[0-9]"
        case ("D", false): output += "[^0-9]"
        case ("w", false): output += "[A-Za-z0-9_]"
        case ("W", false): output += "[^A-Za-z0-9_]"
        case ("d", true): output += "0-9"
        case ("w", true): output += "A-Za-z0-9_"
        default:
          output.append(character)
          output.append(escaped)
        }
      case "[":
        // ECMA-262 reads `[` inside a class as a literal; ICU would open a nested set.
        output += inClass ? "\\[" : "["
        inClass = true
      case "]" where inClass:
        inClass = false
        output.append(character)
      case "$" where !inClass:
        output += "\\z"
      default:
        output.append(character)
      }
    }
    return output
  }
}

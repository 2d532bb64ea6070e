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
/// A search has a budget: ICU backtracks, so a pattern such as `(a+)+$`
/// takes time exponential in the string's length. ICU reports progress about
/// every 10,000 steps; after ``maximumProgressReports`` reports the search
/// gives up and ``matches(_:)`` returns `nil`, which the validator reports as
/// a violation. The budget counts steps, not wall-clock time, so the outcome
/// is the same on every machine.
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

  /// How many progress reports (each about 10,000 matching steps, well under
  /// a millisecond) a search may take before it gives up.
  static let maximumProgressReports = 100

  /// Whether the expression matches anywhere in `string`, or `nil` when the
  /// search gave up after its step budget.
  func matches(_ string: String) -> Bool? {
    let range = NSRange(string.startIndex..<string.endIndex, in: string)
    var found = false
    var reports = 0
    var gaveUp = false
    regex.enumerateMatches(in: string, options: [.reportProgress], range: range) { result, flags, stop in
      if result != nil {
        found = true
        stop.pointee = true
      } else if flags.contains(.progress) {
        reports += 1
        if reports >= Self.maximumProgressReports {
          gaveUp = true
          stop.pointee = true
        }
      }
    }
    return gaveUp ? nil : found
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

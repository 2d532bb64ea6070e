/// The wording of violation messages: short, concrete, and phrased as what
/// the value must be, so a model can repair its output.
enum SchemaMessages {
  /// Values longer than this are cut in messages.
  static let maximumRenderedLength = 60
  /// An `enum` message lists at most this many values.
  static let maximumListedValues = 10

  /// Compact JSON for a value, cut to ``maximumRenderedLength`` characters.
  static func render(_ value: JSONValue) -> String {
    let text = value.rendered()
    guard text.count > maximumRenderedLength else { return text }
    return String(text.prefix(maximumRenderedLength - 1)) + "…"
  }

  /// `must be one of "北京", "上海"`, or `must be "北京"` for a single value.
  static func oneOf(_ values: [JSONValue]) -> String {
    if values.isEmpty { return "cannot be any value (the \"enum\" list is empty)" }
    if values.count == 1 { return "must be \(render(values[0]))" }
    return "must be one of \(list(values))"
  }

  /// `"a", "b", "c"`, cut after ``maximumListedValues`` values.
  static func list(_ values: [JSONValue]) -> String {
    var listed = values.prefix(maximumListedValues).map(render).joined(separator: ", ")
    if values.count > maximumListedValues { listed += ", … (\(values.count - maximumListedValues) more)" }
    return listed
  }

  /// The JSON Schema type of a value: `1.0` is a number, `1` an integer.
  static func typeName(of value: JSONValue) -> String { value.typeName }

  /// `a string`, `an integer or null`, `an array, an object or null`.
  static func types(_ names: [String]) -> String {
    let phrases = names.map { name -> String in
      switch name {
      case "null": "null"
      case "array", "integer", "object": "an \(name)"
      default: "a \(name)"
      }
    }
    guard let last = phrases.last else { return "nothing" }
    guard phrases.count > 1 else { return last }
    return phrases.dropLast().joined(separator: ", ") + " or " + last
  }

  /// `1 item`, `3 items`.
  static func count(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
  }

  /// `must have at least 2 items`.
  static func atLeast(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "must have at least \(self.count(count, singular, plural: plural))"
  }

  /// `must have at most 2 items`.
  static func atMost(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "must have at most \(self.count(count, singular, plural: plural))"
  }

  /// `unexpected property "foo"`, with the allowed names when there are few.
  /// The violation for a string the pattern search gave up on (see ``SchemaPattern/maximumProgressReports``).
  static func patternGaveUp(_ source: String) -> String {
    "could not be checked against pattern \(source): the search gave up after its step budget "
      + "(the pattern backtracks too much; simplify it, for example remove nested quantifiers such as (a+)+)"
  }

  static func unexpectedProperty(_ key: String, allowed: [String]?) -> String {
    var message = "unexpected property \(render(.string(key)))"
    if let allowed, !allowed.isEmpty, allowed.count <= maximumListedValues {
      message += " (allowed: \(allowed.map { render(.string($0)) }.joined(separator: ", ")))"
    }
    return message
  }

  /// What a `not` rules out: `must not be a string`, or a general phrase.
  static func mustNot(_ node: SchemaNode?) -> String {
    if let node, case .checks(let checks) = node.body, checks.count == 1, let check = checks.first {
      switch check {
      case .type(_, let names): return "must not be \(types(names))"
      case .constant(let value): return "must not be \(render(value))"
      case .enumeration(let values, _) where !values.isEmpty:
        return "must not be " + (values.count == 1 ? render(values[0]) : "any of " + list(values))
      default: break
      }
    }
    return "must not match the schema in \"not\""
  }
}

import AgentSkillLLM
import Foundation

/// How one argument of an expected tool call is judged.
///
/// In JSON Lines a bare value is ``exact(_:)``; the others are one-key
/// objects: `{"oneOf": ["北京", "Beijing"]}`, `{"text": "buy milk"}`,
/// `{"number": 30, "tolerance": 0.5}`, `{"day": "2026-12-06"}`,
/// `{"instant": "2026-12-06T09:00:00+08:00"}`, `{"optional": {"day": "2026-12-05"}}`,
/// `{"allowed": [10, ""], "type": "integer"}`.
///
/// ```swift
/// let city = ArgumentMatcher.oneOf(["北京", "Beijing"])
/// #expect(city.matches(.string("Beijing")))
/// #expect(ArgumentMatcher.text("Buy milk!").matches(.string("buy  milk")))
/// ```
public indirect enum ArgumentMatcher: Sendable, Hashable, Codable {
  /// Equal to this value (an integer equals the same number written as a double).
  case exact(JSONValue)
  /// Equal to one of these values.
  case oneOf([JSONValue])
  /// A string equal to this one after folding case and dropping
  /// whitespace and punctuation.
  case text(String)
  /// A number within `tolerance` of this one.
  case number(Double, tolerance: Double)
  /// A date string on this day: its first ten characters are `YYYY-MM-DD`, as written.
  case day(String)
  /// An ISO 8601 moment equal to this one, whatever the offset it is written in.
  case instant(String)
  /// May be omitted; when sent, it must match the wrapped matcher.
  case optional(ArgumentMatcher)
  /// One of the Berkeley Function Calling Leaderboard's possible answers for a parameter of its type
  /// `type` (`string`, `integer`, `float`, `boolean`, `array`, `tuple`, `dict`, `any`; `itemType` for
  /// an array's elements), judged by its AST checker's rules: the type must be right (an integer passes
  /// for a `float`), strings match after dropping spaces and `,./-_*^` and folding case, lists and
  /// dictionaries element by element, and `""` among the values means the argument may be omitted.
  ///
  /// ```swift
  /// let unit = ArgumentMatcher.allowed(["units", ""], type: "string", itemType: nil)
  /// #expect(unit.matches(nil) && unit.matches(.string("Units")))
  /// #expect(ArgumentMatcher.allowed([2.5], type: "float", itemType: nil).matches(.string("2.5")) == false)
  /// ```
  case allowed([JSONValue], type: String, itemType: String?)

  /// Whether a sent argument satisfies the matcher; `nil` means the argument was not sent.
  ///
  /// - Parameter value: The argument the model sent, or `nil`.
  /// - Returns: `true` when it matches.
  public func matches(_ value: JSONValue?) -> Bool {
    if case .optional(let inner) = self {
      return value == nil || value == .null || inner.matches(value)
    }
    if case .allowed(let values, let type, let itemType) = self {
      return BFCLValueRules.accepts(value, allowed: values, type: type, itemType: itemType)
    }
    guard let value else { return false }
    switch self {
    case .exact(let expected):
      return Self.equal(expected, value)
    case .oneOf(let values):
      return values.contains { Self.equal($0, value) }
    case .text(let expected):
      guard let text = value.stringValue else { return false }
      return Self.normalized(text) == Self.normalized(expected)
    case .number(let expected, let tolerance):
      guard let number = value.doubleValue ?? value.stringValue.flatMap(Double.init) else { return false }
      return abs(number - expected) <= tolerance
    case .day(let expected):
      guard let text = value.stringValue, text.count >= 10 else { return false }
      return text.prefix(10) == expected.prefix(10)
    case .instant(let expected):
      guard let text = value.stringValue, let sent = Self.moment(text), let wanted = Self.moment(expected) else {
        return false
      }
      return sent == wanted
    case .optional:
      return true
    case .allowed(let values, let type, let itemType):
      return BFCLValueRules.accepts(value, allowed: values, type: type, itemType: itemType)
    }
  }

  /// The matcher as the JSON Lines files write it, for reports.
  public var description: String {
    switch self {
    case .exact(let value): value.rendered()
    case .oneOf(let values): "one of " + values.map { $0.rendered() }.joined(separator: ", ")
    case .text(let text): "≈\"\(text)\""
    case .number(let number, let tolerance): "\(number)±\(tolerance)"
    case .day(let day): "day \(day)"
    case .instant(let instant): "at \(instant)"
    case .optional(let inner): "optional \(inner.description)"
    case .allowed(let values, let type, _):
      "one of " + values.map { $0.rendered() }.joined(separator: ", ") + " (\(type))"
    }
  }

  static func equal(_ expected: JSONValue, _ sent: JSONValue) -> Bool {
    if expected == sent { return true }
    if let lhs = expected.doubleValue, let rhs = sent.doubleValue, expected.stringValue == nil, sent.stringValue == nil
    {
      return lhs == rhs
    }
    return false
  }

  /// Lowercased, without whitespace, punctuation or symbols.
  static func normalized(_ text: String) -> String {
    let kept = text.lowercased().unicodeScalars.filter {
      !CharacterSet.whitespacesAndNewlines.contains($0) && !CharacterSet.punctuationCharacters.contains($0)
        && !CharacterSet.symbols.contains($0)
    }
    return String(String.UnicodeScalarView(kept))
  }

  static func moment(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: text)
  }

  // MARK: Codable

  private enum Key: String, CodingKey, CaseIterable {
    case oneOf, text, number, tolerance, day, instant, optional, exact, allowed, type, items
  }

  /// Reads a bare value as ``exact(_:)``, else the one-key object naming the matcher.
  public init(from decoder: any Decoder) throws {
    if let keyed = try? decoder.container(keyedBy: Key.self), keyed.allKeys.count >= 1,
      keyed.allKeys.allSatisfy({ Key.allCases.contains($0) }),
      let matcher = try Self.keyed(keyed)
    {
      self = matcher
      return
    }
    self = .exact(try JSONValue(from: decoder))
  }

  private static func keyed(_ container: KeyedDecodingContainer<Key>) throws -> ArgumentMatcher? {
    if container.contains(.exact) { return .exact(try container.decode(JSONValue.self, forKey: .exact)) }
    if container.contains(.oneOf) { return .oneOf(try container.decode([JSONValue].self, forKey: .oneOf)) }
    if container.contains(.text) { return .text(try container.decode(String.self, forKey: .text)) }
    if container.contains(.number) {
      return .number(
        try container.decode(Double.self, forKey: .number),
        tolerance: try container.decodeIfPresent(Double.self, forKey: .tolerance) ?? 0)
    }
    if container.contains(.day) { return .day(try container.decode(String.self, forKey: .day)) }
    if container.contains(.instant) { return .instant(try container.decode(String.self, forKey: .instant)) }
    if container.contains(.optional) {
      return .optional(try container.decode(ArgumentMatcher.self, forKey: .optional))
    }
    if container.contains(.allowed) {
      return .allowed(
        try container.decode([JSONValue].self, forKey: .allowed),
        type: try container.decodeIfPresent(String.self, forKey: .type) ?? "any",
        itemType: try container.decodeIfPresent(String.self, forKey: .items))
    }
    return nil
  }

  /// Writes the form ``init(from:)`` reads: a bare value for ``exact(_:)``.
  public func encode(to encoder: any Encoder) throws {
    if case .exact(let value) = self {
      if case .object(let object) = value, object.contains(where: { Key(rawValue: $0.key) != nil }) {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(value, forKey: .exact)
      } else {
        var single = encoder.singleValueContainer()
        try single.encode(value)
      }
      return
    }
    var container = encoder.container(keyedBy: Key.self)
    switch self {
    case .exact: break
    case .oneOf(let values): try container.encode(values, forKey: .oneOf)
    case .text(let text): try container.encode(text, forKey: .text)
    case .number(let number, let tolerance):
      try container.encode(number, forKey: .number)
      try container.encode(tolerance, forKey: .tolerance)
    case .day(let day): try container.encode(day, forKey: .day)
    case .instant(let instant): try container.encode(instant, forKey: .instant)
    case .optional(let inner): try container.encode(inner, forKey: .optional)
    case .allowed(let values, let type, let itemType):
      try container.encode(values, forKey: .allowed)
      try container.encode(type, forKey: .type)
      try container.encodeIfPresent(itemType, forKey: .items)
    }
  }
}

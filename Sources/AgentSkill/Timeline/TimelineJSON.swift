import Foundation

/// A JSON value, used to embed context and effect JSON in a timeline export
/// as nested objects rather than escaped strings.
indirect enum TimelineJSON: Codable, Equatable, Sendable {
  case null
  case bool(Bool)
  case integer(Int64)
  case number(Double)
  case string(String)
  case array([TimelineJSON])
  case object([String: TimelineJSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([TimelineJSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: TimelineJSON].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .integer(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  /// Parses JSON text, or returns `nil` when it is not valid JSON.
  static func parse(_ text: String) -> TimelineJSON? {
    try? JSONDecoder().decode(TimelineJSON.self, from: Data(text.utf8))
  }

  /// Compact JSON text with sorted keys: the same value always gives the same text.
  var canonicalText: String {
    guard let data = try? TimelineJSON.canonicalEncoder.encode(self) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }

  /// An encoder producing compact, sorted, unescaped-slash JSON.
  static var canonicalEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// `value` as canonical JSON text after `redact`, or `nil` when `value` is
  /// not `Encodable` or fails to encode.
  static func canonicalText(of value: Any, redact: (String) -> String) -> String? {
    guard let encodable = value as? any Encodable,
      let data = try? canonicalEncoder.encode(encodable)
    else { return nil }
    let redacted = redact(String(decoding: data, as: UTF8.self))
    if let parsed = parse(redacted) { return parsed.canonicalText }
    // The redaction left invalid JSON: keep the text, as a JSON string.
    return TimelineJSON.string(redacted).canonicalText
  }
}

import Foundation

/// A strict RFC 8259 parser that keeps object key order and tells integers
/// from other numbers by how they are written.
///
/// Integers that do not fit in `Int` are kept exactly
/// (``JSONValue/bigInteger(_:)``); other numbers must fit in a `Double`.
/// Arrays and objects nest at most ``maximumDepth`` (512) levels deep.
struct JSONParser {
  /// How deep arrays and objects may nest: 512 levels. Deeper text is
  /// rejected with a ``JSONParseError`` whose reason is ``tooDeepReason``.
  /// The parser itself does not recurse, but code that walks values (schema
  /// validation, `Codable`, a tool's own code) may, and the limit keeps such
  /// text from exhausting a thread's stack. Tool arguments nested deeper are
  /// reported as ``ToolCallError/argumentsTooDeep(tool:limit:)``.
  static let maximumDepth = 512

  /// The reason of the error for text nested deeper than ``maximumDepth``.
  static let tooDeepReason = "nesting deeper than \(maximumDepth) levels"

  private let bytes: [UInt8]
  private var index = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Parses one complete JSON text; trailing non-whitespace is an error.
  static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    parser.skipBOM()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    guard parser.index == parser.bytes.count else {
      throw parser.error("unexpected text after the JSON value")
    }
    return value
  }

  /// Parses the first JSON value in `bytes` and returns it with the offset
  /// just past it; text after it is left alone.
  static func parsePrefix(_ bytes: [UInt8]) throws(JSONParseError) -> (JSONValue, Int) {
    var parser = JSONParser(bytes: bytes)
    parser.skipBOM()
    let value = try parser.parseValue()
    return (value, parser.index)
  }

  private mutating func skipBOM() {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
  }

  private func error(_ reason: String) -> JSONParseError {
    let start = max(0, index - 20)
    let end = min(bytes.count, index + 20)
    let snippet = String(decoding: bytes[start..<end], as: UTF8.self)
    return JSONParseError(offset: index, reason: reason, snippet: snippet)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// Parses one value without recursion: open arrays and objects wait on
  /// explicit stacks, so nesting costs heap, not call stack (deep input must
  /// not crash a thread with a small stack).
  private mutating func parseValue() throws(JSONParseError) -> JSONValue {
    var containers: [Container] = []
    var arrays: [[JSONValue]] = []
    var objects: [JSONObject] = []
    var keys: [String] = []
    parsing: while true {
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input") }
      var value: JSONValue
      switch bytes[index] {
      case UInt8(ascii: "{"):
        try enter(containers.count)
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
          index += 1
          value = .object(JSONObject())
        } else {
          keys.append(try parseKey())
          objects.append(JSONObject())
          containers.append(.object)
          continue parsing
        }
      case UInt8(ascii: "["):
        try enter(containers.count)
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          index += 1
          value = .array([])
        } else {
          arrays.append([])
          containers.append(.array)
          continue parsing
        }
      case UInt8(ascii: "\""): value = .string(try parseString())
      case UInt8(ascii: "t"):
        try expectLiteral("true")
        value = .bool(true)
      case UInt8(ascii: "f"):
        try expectLiteral("false")
        value = .bool(false)
      case UInt8(ascii: "n"):
        try expectLiteral("null")
        value = .null
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
      default: throw error("unexpected character")
      }
      // Hand the finished value to the open containers, closing each one
      // that ends here; a comma goes back to parsing the next member.
      while let container = containers.last {
        skipWhitespace()
        switch container {
        case .array:
          arrays[arrays.count - 1].append(value)
          guard index < bytes.count else { throw error("unexpected end of input in array") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
            continue parsing
          }
          guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
          index += 1
          containers.removeLast()
          value = .array(arrays.removeLast())
        case .object:
          objects[objects.count - 1][keys.removeLast()] = value
          guard index < bytes.count else { throw error("unexpected end of input in object") }
          if bytes[index] == UInt8(ascii: ",") {
            index += 1
            keys.append(try parseKey())
            continue parsing
          }
          guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
          index += 1
          containers.removeLast()
          value = .object(objects.removeLast())
        }
      }
      return value
    }
  }

  /// An open container while parsing.
  private enum Container {
    case array
    case object
  }

  /// A member name and its colon.
  private mutating func parseKey() throws(JSONParseError) -> String {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key") }
    let key = try parseString()
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
    index += 1
    return key
  }

  private mutating func expectLiteral(_ literal: String) throws(JSONParseError) {
    let count = literal.utf8.count
    guard index + count <= bytes.count else { throw error("unexpected end of input") }
    guard bytes[index..<(index + count)].elementsEqual(literal.utf8) else { throw error("invalid literal") }
    index += count
  }

  /// Checks that opening one more container stays within ``maximumDepth``.
  private func enter(_ openContainers: Int) throws(JSONParseError) {
    guard openContainers < Self.maximumDepth else { throw error(Self.tooDeepReason) }
  }

  private mutating func parseString() throws(JSONParseError) -> String {
    index += 1
    var buffer: [UInt8] = []
    var start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        buffer.append(contentsOf: bytes[start..<index])
        guard let string = Self.validatedUTF8(buffer) else {
          throw error("string is not valid UTF-8")
        }
        index += 1
        return string
      } else if byte == UInt8(ascii: "\\") {
        buffer.append(contentsOf: bytes[start..<index])
        index += 1
        guard index < bytes.count else { break }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
          let scalar = try parseUnicodeEscape()
          buffer.append(contentsOf: scalar.utf8)
        default:
          index -= 1
          throw error("invalid escape")
        }
        start = index
      } else if byte < 0x20 {
        throw error("unescaped control character in string")
      } else {
        index += 1
      }
    }
    throw error("unterminated string")
  }

  private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("invalid hex digit in \\u escape")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  private mutating func parseUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
    let first = try parseHex4()
    if (0xD800...0xDBFF).contains(first) {
      // A high surrogate must be followed by an escaped low surrogate.
      if index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
        let saved = index
        index += 2
        let second = try parseHex4()
        if (0xDC00...0xDFFF).contains(second) {
          let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
          if let scalar = Unicode.Scalar(combined) { return scalar }
        }
        index = saved
      }
      return "\u{FFFD}"
    }
    if (0xDC00...0xDFFF).contains(first) { return "\u{FFFD}" }
    return Unicode.Scalar(first) ?? "\u{FFFD}"
  }

  private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) { throw error("leading zeros are not allowed") }
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '.'") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in exponent") }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger {
      // Integers too large for `Int` keep their digits rather than round through `Double`.
      if let integer = Int(text) { return .integer(integer) }
      if let big = JSONBigInteger(text) { return .bigInteger(big) }
    }
    guard let double = Double(text), double.isFinite else {
      index = start
      throw error("number out of range")
    }
    return .number(double)
  }

  /// The string the bytes spell, or `nil` when they are not well-formed UTF-8
  /// (overlong forms, surrogates and truncated sequences included).
  private static func validatedUTF8(_ bytes: [UInt8]) -> String? {
    let string = String(decoding: bytes, as: UTF8.self)
    // Decoding repairs ill-formed input with U+FFFD, which changes the bytes.
    return string.utf8.elementsEqual(bytes) ? string : nil
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}

extension JSONValue {
  /// Parses JSON text.
  ///
  /// ```swift
  /// let value = try JSONValue(parsing: #"{"city": "上海"}"#)
  /// ```
  ///
  /// Strict RFC 8259 JSON, keeping object key order; integers keep their
  /// exact digits at any size (``bigInteger(_:)`` beyond `Int`). Arrays and
  /// objects may nest at most 512 levels deep: deeper text throws, which
  /// keeps code that walks the value from exhausting a thread's stack.
  ///
  /// - Parameter text: The JSON text.
  /// - Throws: ``JSONParseError`` with the offset and a snippet when the text is not valid JSON.
  public init(parsing text: String) throws(JSONParseError) {
    self = try JSONParser.parse(Array(text.utf8))
  }

  /// Parses JSON bytes (UTF-8, an optional byte-order mark is skipped).
  ///
  /// - Parameter data: The JSON bytes.
  /// - Throws: ``JSONParseError`` when the bytes are not valid JSON.
  public init(parsing data: Data) throws(JSONParseError) {
    self = try JSONParser.parse(Array(data))
  }

  /// Parses the first JSON value at the start of `text` (after whitespace)
  /// and returns it with the rest of the text, which may hold anything.
  ///
  /// Used to accept model output such as `{"city": "北京"} I hope this helps`.
  ///
  /// - Parameter text: Text starting with a JSON value.
  /// - Returns: The value and the text after it.
  /// - Throws: ``JSONParseError`` when no complete value starts the text.
  static func parsePrefix(of text: String) throws(JSONParseError) -> (value: JSONValue, rest: Substring) {
    let bytes = Array(text.utf8)
    let (value, end) = try JSONParser.parsePrefix(bytes)
    let utf8 = text.utf8
    let restStart = utf8.index(utf8.startIndex, offsetBy: end)
    return (value, text[restStart...])
  }
}

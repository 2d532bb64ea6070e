/// The JSON value in an answer that is still arriving.
///
/// ```swift
/// let partial = PartialJSONValue(parsing: #"{"title": "Call mu"#)
/// partial?.value        // {"title": "Call mu"}
/// partial?.isComplete   // false
/// ```
///
/// Unfinished strings, arrays and objects are closed; a member whose value
/// has not started, a number still being written (`-`, `1.`, `1e`) and a
/// half-written `true`, `false` or `null` are left out.
public struct PartialJSONValue: Sendable, Hashable {
  /// What has been parsed so far.
  public let value: JSONValue
  /// Whether the value is finished (its last bracket or quote has arrived).
  public let isComplete: Bool

  /// Creates a partial value.
  ///
  /// - Parameters:
  ///   - value: What has been parsed so far.
  ///   - isComplete: Whether the value is finished.
  public init(value: JSONValue, isComplete: Bool) {
    self.value = value
    self.isComplete = isComplete
  }

  /// Reads the value at the start of `text` (after any prose or an opening code fence), as far as it goes.
  ///
  /// - Parameter text: The answer so far.
  /// - Returns: `nil` until the value has started.
  public init?(parsing text: String) {
    let bytes = Array(text.utf8)
    guard let start = PartialJSONReader.valueStart(in: bytes) else { return nil }
    var reader = PartialJSONReader(bytes: bytes, position: start)
    guard let (value, complete) = reader.readValue() else { return nil }
    self.init(value: value, isComplete: complete)
  }
}

/// A forgiving JSON reader that stops at the end of the input and reports whether each value was finished.
struct PartialJSONReader {
  let bytes: [UInt8]
  var position: Int

  /// Where the answer's JSON starts: the first `{` or `[`.
  static func valueStart(in bytes: [UInt8]) -> Int? {
    bytes.firstIndex { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }
  }

  private mutating func skipWhitespace() {
    while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
  }

  /// The value here and whether it is complete; `nil` when nothing usable has arrived.
  mutating func readValue(depth: Int = 0) -> (JSONValue, Bool)? {
    skipWhitespace()
    guard position < bytes.count, depth < 128 else { return nil }
    switch bytes[position] {
    case UInt8(ascii: "{"): return readObject(depth: depth)
    case UInt8(ascii: "["): return readArray(depth: depth)
    case UInt8(ascii: "\""): return readString().map { (.string($0.0), $0.1) }
    default: return readScalar()
    }
  }

  private mutating func readObject(depth: Int) -> (JSONValue, Bool)? {
    position += 1
    var object = JSONObject()
    while true {
      skipWhitespace()
      guard position < bytes.count else { return (.object(object), false) }
      if bytes[position] == UInt8(ascii: "}") {
        position += 1
        return (.object(object), true)
      }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      guard bytes[position] == UInt8(ascii: "\""), let (key, keyDone) = readString(), keyDone else {
        return (.object(object), false)
      }
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return (.object(object), false) }
      position += 1
      guard let (value, done) = readValue(depth: depth + 1) else { return (.object(object), false) }
      object[key] = value
      if !done { return (.object(object), false) }
    }
  }

  private mutating func readArray(depth: Int) -> (JSONValue, Bool)? {
    position += 1
    var elements: [JSONValue] = []
    while true {
      skipWhitespace()
      guard position < bytes.count else { return (.array(elements), false) }
      if bytes[position] == UInt8(ascii: "]") {
        position += 1
        return (.array(elements), true)
      }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      guard let (value, done) = readValue(depth: depth + 1) else { return (.array(elements), false) }
      elements.append(value)
      if !done { return (.array(elements), false) }
    }
  }

  /// A string and whether its closing quote arrived; escapes cut off at the end are dropped.
  private mutating func readString() -> (String, Bool)? {
    let start = position
    position += 1
    var escaped = false
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        return decode(bytes[start..<position]).map { ($0, true) }
      }
    }
    // Unfinished: close it, without a dangling escape or a cut \u sequence.
    var body = Array(bytes[start..<bytes.count])
    if let slash = body.lastIndex(of: UInt8(ascii: "\\")), body.count - slash <= 6,
      body[(slash + 1)...].allSatisfy({ $0 != UInt8(ascii: "\\") }),
      body.count - slash < 2 || body[slash + 1] == UInt8(ascii: "u")
    {
      body.removeSubrange(slash...)
    }
    body.append(UInt8(ascii: "\""))
    return decode(body[...]).map { ($0, false) }
  }

  private func decode(_ literal: ArraySlice<UInt8>) -> String? {
    guard let (value, _) = try? JSONValue.parsePrefix(of: String(decoding: literal, as: UTF8.self)) else {
      return nil
    }
    return value.stringValue
  }

  /// A number or literal; complete only when a delimiter follows it.
  private mutating func readScalar() -> (JSONValue, Bool)? {
    let start = position
    while position < bytes.count,
      !",]} \n\r\t".utf8.contains(bytes[position])
    {
      position += 1
    }
    guard position < bytes.count else { return nil }  // may still be growing
    let token = String(decoding: bytes[start..<position], as: UTF8.self)
    guard let (value, rest) = try? JSONValue.parsePrefix(of: token), rest.isEmpty else { return nil }
    return (value, true)
  }
}

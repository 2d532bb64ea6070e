/// Parses a model's argument payload leniently into a JSON object.
///
/// Models and servers send tool arguments in many shapes; all of these give
/// `{"city": "北京"}`:
///
/// ```swift
/// try ToolArguments.parse(#"{"city": "北京"}"#)                 // JSON text (OpenAI, vLLM, DeepSeek…)
/// try ToolArguments.parse(#""{\"city\": \"北京\"}""#)           // double-encoded
/// try ToolArguments.parse(#"{"city": "北京"} I hope this helps"#) // trailing text
/// try ToolArguments.parse("```json\n{\"city\": \"北京\"}\n```")  // fenced
/// try ToolArguments.parse("{'city': '北京'}")                     // a Python dict
/// try ToolArguments.normalize(["city": "北京"])                   // already an object (Ollama)
/// try ToolArguments.parse("   ")                                  // {} — no arguments
/// ```
///
/// Anything that is still not a JSON object throws
/// ``ToolCallError/malformedArguments(tool:reason:snippet:)``, and JSON that
/// nests arrays and objects more than 512 levels deep throws
/// ``ToolCallError/argumentsTooDeep(tool:limit:)``; both messages can be sent
/// back to the model. Parsing is linear in the payload's length.
public enum ToolArguments {
  /// How many layers of wrapping (a string holding JSON, a code fence) are unwrapped before giving up.
  static let maximumEncodingDepth = 4

  /// Parses argument text leniently into a JSON object.
  ///
  /// Accepted, in this order: JSON text (text after the value is ignored);
  /// empty or blank text as `{}`; `null` as `{}`; a JSON string holding the
  /// arguments (double encoding, unwrapped up to four times); the first
  /// fenced code block (tagged `json` or bare); text before
  /// the first `{`; a Python literal with single quotes, `True`, `False`,
  /// `None` or trailing commas, when it reads unambiguously.
  ///
  /// ```swift
  /// let arguments = try ToolArguments.parse("{'city': '北京', 'metric': True}")
  /// arguments["metric"]   // true
  /// ```
  ///
  /// - Parameters:
  ///   - text: The argument payload as the model wrote it.
  ///   - tool: The tool's name, for the error message.
  /// - Returns: A JSON object.
  /// - Throws: ``ToolCallError/malformedArguments(tool:reason:snippet:)`` when
  ///   no JSON object can be read without guessing, and
  ///   ``ToolCallError/argumentsTooDeep(tool:limit:)`` when the JSON nests
  ///   more than 512 levels deep.
  public static func parse(_ text: String, tool: String? = nil) throws(ToolCallError) -> JSONValue {
    try parse(Substring(text), tool: tool, depth: 0)
  }

  /// Turns arguments a server already decoded into a JSON object.
  ///
  /// An object is returned as it is; `null` becomes `{}`; a string is parsed
  /// with ``parse(_:tool:)`` (which unwraps double encoding).
  ///
  /// ```swift
  /// try ToolArguments.normalize(.string(#"{"city": "北京"}"#))   // {"city": "北京"}
  /// try ToolArguments.normalize(.null)                           // {}
  /// ```
  ///
  /// - Parameters:
  ///   - value: The decoded `arguments` field.
  ///   - tool: The tool's name, for the error message.
  /// - Returns: A JSON object.
  /// - Throws: ``ToolCallError/malformedArguments(tool:reason:snippet:)`` for
  ///   arrays, numbers, booleans and strings that hold no object;
  ///   ``ToolCallError/argumentsTooDeep(tool:limit:)`` for a string holding
  ///   JSON nested more than 512 levels deep.
  public static func normalize(_ value: JSONValue, tool: String? = nil) throws(ToolCallError) -> JSONValue {
    try normalize(value, tool: tool, depth: 0, original: nil)
  }

  private static func normalize(
    _ value: JSONValue, tool: String?, depth: Int, original: Substring?
  ) throws(ToolCallError) -> JSONValue {
    switch value {
    case .object:
      return value
    case .null:
      return .object(JSONObject())
    case .string(let inner):
      guard depth < maximumEncodingDepth else {
        throw malformed(tool, "the arguments are a string encoded more than \(maximumEncodingDepth) times", inner)
      }
      do {
        return try parse(Substring(inner), tool: tool, depth: depth + 1)
      } catch {
        if case .argumentsTooDeep = error { throw error }
        guard inner.contains("{") else {
          throw malformed(tool, "expected a JSON object but got a string", original ?? Substring(inner))
        }
        throw error
      }
    case .array, .bool, .integer, .bigInteger, .number:
      throw malformed(
        tool, "expected a JSON object but got \(article(value.typeName)) \(value.typeName)",
        original ?? Substring(value.rendered()))
    }
  }

  private static func article(_ typeName: String) -> String {
    typeName.first.map { "aeiou".contains($0) } == true ? "an" : "a"
  }

  private static func parse(_ text: Substring, tool: String?, depth: Int) throws(ToolCallError) -> JSONValue {
    let trimmed = trim(text)
    if trimmed.isEmpty { return .object(JSONObject()) }

    // 1. JSON, ignoring any text after the value.
    let reason: String
    switch prefixValue(of: trimmed) {
    case .success(let (value, rest)):
      switch value {
      case .object, .string, .null:
        return try normalize(value, tool: tool, depth: depth, original: trimmed)
      case .array, .bool, .integer, .bigInteger, .number:
        // A lone scalar is an error; a scalar followed by prose (`1. Call …`) may hide an object later.
        if trim(rest).isEmpty { return try normalize(value, tool: tool, depth: depth, original: trimmed) }
        reason = "expected a JSON object but the text starts with \(article(value.typeName)) \(value.typeName)"
      }
    case .failure(let error):
      try checkDepth(error, tool: tool)
      reason = explain(error)
    }

    // 2. The first fenced block, read with all the same rules (a level of wrapping, like an encoding).
    if depth < maximumEncodingDepth, let block = CodeFence.firstBlock(in: trimmed) {
      return try parse(block, tool: tool, depth: depth + 1)
    }
    // 3. JSON after leading prose, then a Python literal.
    if let value = try recover(trimmed, tool: tool, depth: depth) { return value }
    throw malformed(tool, reason, trimmed)
  }

  private static func prefixValue(of text: Substring) -> Result<(JSONValue, Substring), JSONParseError> {
    do {
      let (value, rest) = try JSONValue.parsePrefix(of: String(text))
      return .success((value, rest))
    } catch {
      return .failure(error)
    }
  }

  /// Steps after strict JSON failed: JSON after leading prose, then a Python literal.
  private static func recover(_ text: Substring, tool: String?, depth: Int) throws(ToolCallError) -> JSONValue? {
    guard let brace = text.firstIndex(of: "{") else { return nil }
    let fromBrace = text[brace...]
    // JSON at the very start was already tried by the caller.
    if brace > text.startIndex {
      switch prefixValue(of: fromBrace) {
      case .success(let (value, _)): return try normalize(value, tool: tool, depth: depth, original: text)
      case .failure(let error): try checkDepth(error, tool: tool)
      }
    }
    guard let converted = PythonLiteral.json(from: fromBrace) else {
      if looksLikePython(fromBrace) {
        throw malformed(
          tool,
          "it looks like a Python dict that cannot be read unambiguously (for example an apostrophe inside a "
            + "single-quoted string)", text)
      }
      return nil
    }
    switch prefixValue(of: Substring(converted)) {
    case .success(let (value, _)): return try normalize(value, tool: tool, depth: depth, original: text)
    case .failure(let error):
      try checkDepth(error, tool: tool)
      return nil
    }
  }

  /// Throws ``ToolCallError/argumentsTooDeep(tool:limit:)`` when `error` is the parser's depth limit: such text is
  /// JSON, only too deep, so no lenient reading applies.
  private static func checkDepth(_ error: JSONParseError, tool: String?) throws(ToolCallError) {
    if error.reason == JSONParser.tooDeepReason {
      throw .argumentsTooDeep(tool: tool, limit: JSONParser.maximumDepth)
    }
  }

  private static func looksLikePython(_ text: Substring) -> Bool {
    text.dropFirst().drop(while: \.isWhitespace).first == "'"
  }

  private static func explain(_ error: JSONParseError) -> String {
    switch error.reason {
    case "unexpected end of input", "unterminated string", "unexpected end of input in object",
      "unexpected end of input in array":
      "the JSON ends before it is complete (byte \(error.offset)); the output was probably cut off by the token limit"
    default:
      "invalid JSON at byte \(error.offset): \(error.reason)"
    }
  }

  static func trim(_ text: Substring) -> Substring {
    guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) })
    else { return text[text.endIndex...] }
    return text[first...last]
  }

  /// `text` without the blank characters at its end (its start is kept).
  static func trimEnd(_ text: Substring) -> Substring {
    guard let last = text.lastIndex(where: { !isBlank($0) }) else { return text[text.startIndex..<text.startIndex] }
    return text[...last]
  }

  /// Whether ``trim(_:)`` removes `character`: whitespace or a byte-order mark.
  static func isBlank(_ character: Character) -> Bool {
    character.isWhitespace || character == "\u{FEFF}"
  }

  static func malformed(_ tool: String?, _ reason: String, _ text: some StringProtocol) -> ToolCallError {
    .malformedArguments(tool: tool, reason: reason, snippet: ToolCallError.snippet(of: text))
  }
}

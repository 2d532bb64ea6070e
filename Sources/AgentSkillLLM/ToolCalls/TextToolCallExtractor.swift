/// Finds tool calls written into text content by models that do not use the
/// native `tool_calls` field (a local server without a tool parser, a
/// template that leaks, a model prompted to write calls as text).
///
/// Recognised forms:
/// - Hermes / Qwen: `<tool_call>{"name": "get_weather", "arguments": {"city": "北京"}}</tool_call>`,
///   any number of them, the last one possibly unterminated; also
///   Qwen3-Coder's `<tool_call><function=get_weather><parameter=city>北京</parameter></function></tool_call>`.
/// - Mistral: `[TOOL_CALLS] [{"name": "get_weather", "arguments": {…}}]` and
///   the newer `[TOOL_CALLS]get_weather[ARGS]{…}` (optionally with `[CALL_ID]id`).
/// - DeepSeek: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather ```json {…}``` …`.
/// - Content that is nothing but a call object or array, possibly fenced or
///   after Llama's `<|python_tag|>`: `{"name": "get_weather", "parameters": {…}}`.
///
/// ```swift
/// let (text, calls) = TextToolCallExtractor.extract(from: """
///   我来查一下。
///   <tool_call>
///   {"name": "get_weather", "arguments": {"city": "北京"}}
///   </tool_call>
///   """)
/// // text == "我来查一下。", calls == [ToolCall(id: "call_…", name: "get_weather", arguments: ["city": "北京"])]
/// ```
///
/// Markup whose calls cannot be read (a truncated JSON object, say) is left
/// in the text so nothing the model wrote is lost. The whole pass is linear
/// in the content's length.
public enum TextToolCallExtractor {
  private struct Found {
    var range: Range<String.Index>
    var calls: [RawCall]
  }

  private struct RawCall {
    var id: String?
    var name: String
    var arguments: JSONValue
  }

  /// Extracts tool calls written as text.
  ///
  /// ```swift
  /// let (text, calls) = TextToolCallExtractor.extract(
  ///   from: #"{"name": "get_weather", "parameters": {"city": "北京"}}"#,
  ///   offeredTools: ["get_weather"], ids: .sequential())
  /// ```
  ///
  /// - Parameters:
  ///   - content: The model's text.
  ///   - offeredTools: When given, content that is only a JSON object counts
  ///     as a call only if every name in it resolves against these names
  ///     (``ToolNameResolver``), so an answer that merely shows JSON stays
  ///     text. Explicit markup (`<tool_call>`, `[TOOL_CALLS]`) is always taken.
  ///   - ids: Makes ids for calls the text gives none.
  /// - Returns: `text`, the content without the call markup (trimmed), and
  ///   the calls in the order written.
  public static func extract(
    from content: String, offeredTools: [String]? = nil, ids: ToolCallIDGenerator = .random
  ) -> (text: String, calls: [ToolCall]) {
    let (text, calls) = split(content, offeredTools: offeredTools, ids: ids)
    return (String(ToolArguments.trim(Substring(text))), calls)
  }

  /// The content without the call markup, and the calls, for a stream.
  ///
  /// Unlike ``extract(from:offeredTools:ids:)`` the text keeps its start:
  /// it is `content` unchanged when no call is found, else the text around
  /// the markup with only its end trimmed. So text a stream showed before
  /// the first marker (held back from a possible marker or bare call on)
  /// is always the start of the final text.
  ///
  /// - Parameters:
  ///   - content: The model's text.
  ///   - offeredTools: As for ``extract(from:offeredTools:ids:)``.
  ///   - ids: Makes ids for calls the text gives none.
  /// - Returns: The text and the calls in the order written.
  static func split(
    _ content: String, offeredTools: [String]?, ids: ToolCallIDGenerator
  ) -> (text: String, calls: [ToolCall]) {
    var found: [Found] = []
    found += hermes(in: content)
    found += mistral(in: content)
    found += deepSeek(in: content)
    if found.isEmpty, let bare = bareJSON(in: content, offeredTools: offeredTools) { found.append(bare) }
    guard !found.isEmpty else { return (content, []) }
    found.sort { $0.range.lowerBound < $1.range.lowerBound }

    var text = ""
    var cursor = content.startIndex
    var raw: [RawCall] = []
    for item in found where item.range.lowerBound >= cursor {
      text += content[cursor..<item.range.lowerBound]
      cursor = item.range.upperBound
      raw += item.calls
    }
    text += content[cursor...]

    var taken = Set(raw.compactMap(\.id))
    var used: Set<String> = []
    var calls: [ToolCall] = []
    for (position, call) in raw.enumerated() {
      var id = call.id ?? ids.id(forPosition: position, avoiding: taken)
      if used.contains(id) { id = ids.id(forPosition: position, avoiding: taken.union(used)) }
      taken.insert(id)
      used.insert(id)
      calls.append(ToolCall(id: id, name: call.name, arguments: call.arguments))
    }
    return (String(ToolArguments.trimEnd(Substring(text))), calls)
  }

  // MARK: - Hermes / Qwen

  private static func hermes(in content: String) -> [Found] {
    let open = "<tool_call>"
    let close = "</tool_call>"
    var found: [Found] = []
    var cursor = content.startIndex
    while let start = content[cursor...].find(open) {
      let body: Substring
      let blockEnd: String.Index?
      if let end = content[start.upperBound...].find(close) {
        body = content[start.upperBound..<end.lowerBound]
        blockEnd = end.upperBound
      } else {
        body = content[start.upperBound...]
        blockEnd = nil
      }
      if let parsed = hermesBody(body) {
        // An unterminated block ends where its JSON does; text after that is the model's.
        let end = blockEnd ?? parsed.end ?? content.endIndex
        found.append(Found(range: start.lowerBound..<end, calls: parsed.calls))
      }
      cursor = blockEnd ?? content.endIndex
    }
    return found
  }

  /// The calls in a `<tool_call>` body, and where its JSON ends when that is known.
  private static func hermesBody(_ body: Substring) -> (calls: [RawCall], end: String.Index?)? {
    var text = ToolArguments.trim(body)
    if text.hasPrefix("<function=") { return qwenXML(text).map { ([$0], nil) } }
    var fenced = false
    if text.hasPrefix(CodeFence.marker), let block = CodeFence.firstBlock(in: text) {
      text = ToolArguments.trim(block)
      fenced = true
    }
    if let json = leadingJSON(text) {
      return calls(in: json.value, strict: false).map { ($0, fenced ? nil : json.end) }
    }
    guard let converted = PythonLiteral.json(from: text), let value = leadingJSON(Substring(converted))?.value else {
      return nil
    }
    return calls(in: value, strict: false).map { ($0, nil) }
  }

  /// Qwen3-Coder: `<function=name><parameter=key>value</parameter>…</function>`.
  private static func qwenXML(_ text: Substring) -> RawCall? {
    let afterOpen = text.dropFirst("<function=".count)
    guard let nameEnd = afterOpen.firstIndex(of: ">") else { return nil }
    let name = String(ToolArguments.trim(afterOpen[..<nameEnd]))
    guard !name.isEmpty else { return nil }
    var body = afterOpen[afterOpen.index(after: nameEnd)...]
    if let end = body.find("</function>") { body = body[..<end.lowerBound] }
    var arguments = JSONObject()
    var cursor = body.startIndex
    while let open = body[cursor...].find("<parameter=") {
      guard let keyEnd = body[open.upperBound...].firstIndex(of: ">") else { return nil }
      let key = String(ToolArguments.trim(body[open.upperBound..<keyEnd]))
      let valueStart = body.index(after: keyEnd)
      let valueEnd: String.Index
      if let close = body[valueStart...].find("</parameter>") {
        valueEnd = close.lowerBound
        cursor = close.upperBound
      } else {
        let next = body[valueStart...].find("<parameter=")?.lowerBound ?? body.endIndex
        valueEnd = next
        cursor = next
      }
      arguments[key] = parameterValue(body[valueStart..<valueEnd])
    }
    return RawCall(id: nil, name: name, arguments: .object(arguments))
  }

  /// A parameter's text without the line breaks around it; JSON when it is JSON (`3`, `true`, `[…]`), else a string.
  private static func parameterValue(_ raw: Substring) -> JSONValue {
    var value = raw
    if value.first?.isNewline == true { value = value.dropFirst() }
    if value.last?.isNewline == true { value = value.dropLast() }
    if let parsed = try? JSONValue(parsing: String(value)), parsed.stringValue == nil { return parsed }
    return .string(String(value))
  }

  // MARK: - Mistral

  private static func mistral(in content: String) -> [Found] {
    let token = "[TOOL_CALLS]"
    var found: [Found] = []
    var next = content.find(token)
    while let start = next {
      next = content[start.upperBound...].find(token)
      let segment = content[start.upperBound..<(next?.lowerBound ?? content.endIndex)]
      if let parsed = mistralSegment(segment) {
        found.append(Found(range: start.lowerBound..<parsed.end, calls: parsed.calls))
      }
    }
    return found
  }

  private static func mistralSegment(_ segment: Substring) -> (calls: [RawCall], end: String.Index)? {
    let text = segment.drop(while: \.isWhitespace)
    if text.first == "[" || text.first == "{" {
      guard let json = leadingJSON(text), let calls = calls(in: json.value, strict: false) else { return nil }
      return (calls, json.end)
    }
    // name[ARGS]{…}, name[CALL_ID]id[ARGS]{…} or name{…}
    guard let marker = text.firstIndex(where: { $0 == "[" || $0 == "{" }) else { return nil }
    let name = String(ToolArguments.trim(text[..<marker]))
    guard !name.isEmpty, !name.contains(where: \.isWhitespace) else { return nil }
    var rest = text[marker...]
    var id: String?
    if rest.hasPrefix("[CALL_ID]") {
      rest = rest.dropFirst("[CALL_ID]".count)
      guard let end = rest.firstIndex(where: { $0 == "[" || $0 == "{" }) else { return nil }
      id = String(ToolArguments.trim(rest[..<end]))
      rest = rest[end...]
    }
    if rest.hasPrefix("[ARGS]") { rest = rest.dropFirst("[ARGS]".count) }
    guard let json = leadingJSON(rest), let arguments = try? ToolArguments.normalize(json.value, tool: name) else {
      return nil
    }
    return ([RawCall(id: id.flatMap { $0.isEmpty ? nil : $0 }, name: name, arguments: arguments)], json.end)
  }

  // MARK: - DeepSeek

  private static func deepSeek(in content: String) -> [Found] {
    let begin = "<｜tool▁calls▁begin｜>"
    let end = "<｜tool▁calls▁end｜>"
    let callBegin = "<｜tool▁call▁begin｜>"
    let callEnd = "<｜tool▁call▁end｜>"
    guard let start = content.find(begin) else { return [] }
    let regionEnd = content[start.upperBound...].find(end)
    let region = content[start.upperBound..<(regionEnd?.lowerBound ?? content.endIndex)]
    var calls: [RawCall] = []
    var cursor = region.startIndex
    while let open = region[cursor...].find(callBegin) {
      let close = region[open.upperBound...].find(callEnd)
      cursor = close?.upperBound ?? region.endIndex
      guard let call = deepSeekCall(region[open.upperBound..<(close?.lowerBound ?? region.endIndex)]) else {
        return []
      }
      calls.append(call)
    }
    guard !calls.isEmpty else { return [] }
    return [
      Found(range: start.lowerBound..<(regionEnd?.upperBound ?? content.endIndex), calls: calls)
    ]
  }

  /// `function<｜tool▁sep｜>name\n```json\n{…}\n```` (V3, R1) or `name<｜tool▁sep｜>{…}` (V3.1).
  private static func deepSeekCall(_ text: Substring) -> RawCall? {
    guard let separator = text.find("<｜tool▁sep｜>") else { return nil }
    var name = ToolArguments.trim(text[..<separator.lowerBound])
    var arguments = text[separator.upperBound...]
    if name == "function" {
      let line = arguments.firstIndex(where: \.isNewline) ?? arguments.endIndex
      name = ToolArguments.trim(arguments[..<line])
      arguments = arguments[line...]
    }
    guard !name.isEmpty, let parsed = try? ToolArguments.parse(String(arguments), tool: String(name)) else {
      return nil
    }
    return RawCall(id: nil, name: String(name), arguments: parsed)
  }

  // MARK: - Bare JSON

  private static func bareJSON(in content: String, offeredTools: [String]?) -> Found? {
    var text = ToolArguments.trim(Substring(content))
    let pythonTag = "<|python_tag|>"
    if text.hasPrefix(pythonTag) { text = ToolArguments.trim(text.dropFirst(pythonTag.count)) }
    for token in ["<|eom_id|>", "<|eot_id|>"] where text.hasSuffix(token) {
      text = ToolArguments.trim(text.dropLast(token.count))
    }
    if text.hasPrefix(CodeFence.marker), text.hasSuffix(CodeFence.marker), let block = CodeFence.firstBlock(in: text) {
      text = ToolArguments.trim(block)
    }
    guard text.first == "{" || text.first == "[", let value = try? JSONValue(parsing: String(text)),
      let calls = calls(in: value, strict: true)
    else { return nil }
    if let offeredTools {
      for call in calls where (try? ToolNameResolver.resolve(call.name, among: offeredTools)) == nil { return nil }
    }
    return Found(range: content.startIndex..<content.endIndex, calls: calls)
  }

  // MARK: - Shared

  private static let callKeys: Set<String> = ["name", "arguments", "parameters", "id", "type", "function"]

  /// Calls in a decoded value: one call object, or an array of them. With
  /// `strict`, an object must have only call keys and name its arguments.
  private static func calls(in value: JSONValue, strict: Bool) -> [RawCall]? {
    let elements: [JSONValue]
    switch value {
    case .array(let array): elements = array
    case .object: elements = [value]
    default: return nil
    }
    guard !elements.isEmpty else { return nil }
    var calls: [RawCall] = []
    for element in elements {
      guard let object = element.objectValue else { return nil }
      let function = object["function"].flatMap(\.objectValue) ?? object
      if strict {
        guard object.keys.allSatisfy(callKeys.contains), function.keys.allSatisfy(callKeys.contains),
          function["arguments"] != nil || function["parameters"] != nil
        else { return nil }
      }
      guard let name = function["name"]?.stringValue.map({ String(ToolArguments.trim(Substring($0))) }),
        !name.isEmpty,
        let arguments = try? ToolArguments.normalize(
          function["arguments"] ?? function["parameters"] ?? .null, tool: name)
      else { return nil }
      let id = object["id"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
      calls.append(RawCall(id: id, name: name, arguments: arguments))
    }
    return calls
  }

  /// The JSON value at the start of `text` (after whitespace) and the index just past it.
  private static func leadingJSON(_ text: Substring) -> (value: JSONValue, end: String.Index)? {
    let start = text.drop(while: \.isWhitespace)
    guard let parsed = try? JSONValue.parsePrefix(of: String(start)) else { return nil }
    let consumed = start.utf8.count - parsed.rest.utf8.count
    let end = start.utf8.index(start.startIndex, offsetBy: consumed, limitedBy: start.endIndex) ?? start.endIndex
    return (parsed.value, end)
  }
}

/// Reads a model's JSON answer leniently, by the same rules as tool arguments.
enum TypedAnswer {
  /// The JSON value in `text`: strict JSON with text after it ignored, a
  /// fenced block, JSON after leading prose, or a Python literal; arrays and
  /// scalars are read too.
  static func parse(_ text: String) -> Result<JSONValue, TypedAnswerFailure> {
    do {
      return .success(try ToolArguments.parse(text))
    } catch {
      // ToolArguments reads objects; an array or a scalar answer is read here.
      let trimmed = ToolArguments.trim(Substring(text))
      let body = CodeFence.firstBlock(in: trimmed).map { ToolArguments.trim($0) } ?? trimmed
      if let start = body.firstIndex(where: {
        $0 == "[" || $0 == "\"" || $0 == "-" || $0.isNumber || $0 == "t"
          || $0 == "f" || $0 == "n"
      }),
        let (value, _) = try? JSONValue.parsePrefix(of: String(body[start...]))
      {
        return .success(value)
      }
      return .failure(TypedAnswerFailure(reason: error.reasonText))
    }
  }
}

/// Why an answer holds no JSON value.
struct TypedAnswerFailure: Error, Sendable, CustomStringConvertible {
  let reason: String
  var description: String { reason }
}

extension ToolCallError {
  /// The reason alone, without the tool-call framing.
  fileprivate var reasonText: String {
    if case .malformedArguments(_, let reason, _) = self { return reason }
    return description
  }
}

import AgentSkill
import Foundation

/// Reads the explanation out of a provider's error body.
///
/// Understands OpenAI's `{"error": {"message": …, "type": …}}`, Anthropic's
/// `{"type": "error", "error": {"type": …, "message": …}}`, Ollama's
/// `{"error": "…"}`, vLLM/Mistral's `{"object": "error", "message": …}` and
/// FastAPI's `{"detail": …}`.
enum ProviderErrorBody {
  /// The longest vendor message kept.
  static let maximumMessageLength = 500

  /// The error kind and message in a JSON value, when it is an error body.
  static func error(in json: JSONValue, secrets: [String]) -> (type: String?, message: String)? {
    guard case .object(let object) = json else { return nil }
    switch object["error"] {
    case .object(let error)?:
      let message = error["message"]?.stringValue ?? error["msg"]?.stringValue ?? JSONValue.object(error).rendered()
      let type = error["type"]?.stringValue ?? error["code"].flatMap(Self.text)
      return (type, clean(message, secrets: secrets))
    case .string(let message)?:
      return (nil, clean(message, secrets: secrets))
    default:
      break
    }
    if object["object"]?.stringValue == "error" || object["type"]?.stringValue == "error",
      let message = object["message"]?.stringValue
    {
      return (object["type"]?.stringValue.flatMap { $0 == "error" ? nil : $0 }, clean(message, secrets: secrets))
    }
    if let detail = object["detail"] {
      return (nil, clean(detail.stringValue ?? detail.rendered(), secrets: secrets))
    }
    return nil
  }

  /// The vendor's message in an error body, or a snippet of a body that is not JSON.
  static func message(in body: Data, secrets: [String]) -> String? {
    guard !body.isEmpty else { return nil }
    if let json = try? JSONParser.parse(Array(body)) {
      if let error = error(in: json, secrets: secrets) { return error.message }
      if case .object(let object) = json, let message = object["message"]?.stringValue {
        return clean(message, secrets: secrets)
      }
    }
    let snippet = LanguageModelError.snippet(of: body, secrets: secrets, limit: 160)
    return snippet.isEmpty ? nil : "unexpected body \"\(snippet)\""
  }

  private static func text(_ value: JSONValue) -> String? {
    switch value {
    case .string(let text): text
    case .integer(let number): String(number)
    case .bigInteger(let number): number.description
    default: nil
    }
  }

  private static func clean(_ message: String, secrets: [String]) -> String {
    let redacted = SecretRedactor.redact(String(message.prefix(maximumMessageLength * 2)), extraSecrets: secrets)
    guard redacted.count > maximumMessageLength else { return redacted }
    return String(redacted.prefix(maximumMessageLength)) + "…"
  }
}

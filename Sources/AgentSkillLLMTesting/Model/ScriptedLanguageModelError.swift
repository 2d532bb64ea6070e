/// A mistake in a ``ScriptedLanguageModel``'s script.
public enum ScriptedLanguageModelError: Error, Sendable, Hashable, CustomStringConvertible {
  /// More requests arrived than replies were scripted.
  case scriptExhausted(requestNumber: Int)
  /// `respond(to:)` took an events script without a `.completed` event.
  case missingCompletedEvent(requestNumber: Int)

  /// What went wrong and how to fix the script.
  public var description: String {
    switch self {
    case .scriptExhausted(let number):
      "ScriptedLanguageModel received request #\(number) but has no reply left; add one with enqueue(_:) or in init."
    case .missingCompletedEvent(let number):
      "ScriptedLanguageModel's reply to request #\(number) has no .completed event, which respond(to:) returns; add .event(.completed(…)) to the script."
    }
  }
}

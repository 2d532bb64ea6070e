import AgentSkill

/// Why a ``ChatAgent`` turn (or its feedback log) failed; kept in
/// ``ChatAgent/lastError``. Messages are redacted and say what to do.
public enum ChatAgentError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The model provider failed (HTTP status, rate limit, timeout, no server,
  /// malformed answer); the error says which, for messages of your own.
  case model(LanguageModelError)
  /// The model failed with an error that is not a ``LanguageModelError``;
  /// `message` is its redacted description.
  case provider(message: String)
  /// The model still wanted tools after `maxSteps` requests.
  case stepLimitReached(maxSteps: Int)
  /// The model kept calling a tool with unusable arguments (or an unknown
  /// tool) after `repairs` corrections; `problem` is the last reason given.
  case repairsExhausted(tool: String, repairs: Int, problem: String)
  /// Appending to the feedback log failed.
  case feedbackLog(path: String, reason: String)
  /// The next model request would have passed a limit of ``ChatAgentOptions/budget``, so it was not sent.
  case budgetExceeded(ChatBudgetExceeded)
  /// An image of the user's message could not be read, or is not a PNG or JPEG image; nothing was sent.
  case image(ChatImageError)

  /// What went wrong and how to fix it.
  public var description: String {
    let text: String
    switch self {
    case .model(let error):
      text = "The model could not answer: \(error.description) Send the message again to retry."
    case .provider(let message):
      text = "The model could not answer: \(message) Send the message again to retry."
    case .stepLimitReached(let maxSteps):
      text =
        "The model was still calling tools after \(maxSteps) steps, so the turn was stopped. "
        + "Rephrase the request, or raise ChatAgent.Options.maxSteps."
    case .repairsExhausted(let tool, let repairs, let problem):
      text =
        "The model could not call \"\(tool)\" correctly after \(repairs) correction(s), so the turn was stopped. "
        + "Last problem: \(ToolText.truncated(problem, to: 300)) Rephrase the request with the missing details."
    case .feedbackLog(let path, let reason):
      text =
        "Could not append feedback to \(path): \(reason). "
        + "Check that the directory is writable, or pass another feedbackLogURL."
    case .budgetExceeded(let exceeded):
      text = exceeded.description
    case .image(let error):
      text = "The message was not sent: \(error.description)"
    }
    return SecretRedactor.redact(text)
  }
}

/// Why Apple's on-device model could not answer, with what the user or the developer can do.
///
/// The bridge maps `SystemLanguageModel.Availability` and
/// `LanguageModelSession.GenerationError` to these cases:
///
/// ```swift
/// do {
///   _ = try await model.respond(to: request)
/// } catch let error as FoundationModelError {
///   print(error)  // "Apple Intelligence is turned off. Turn it on in Settings › Apple Intelligence & Siri, …"
/// }
/// ```
public enum FoundationModelError: Error, Sendable, Hashable, CustomStringConvertible {
  /// This device cannot run Apple Intelligence.
  case deviceNotEligible
  /// Apple Intelligence is turned off in Settings.
  case appleIntelligenceNotEnabled
  /// The model is still downloading or preparing.
  case modelNotReady
  /// The prompt or the answer tripped the safety guardrails.
  case guardrailViolation(String)
  /// The conversation no longer fits the model's context window.
  case exceededContextWindowSize(String)
  /// The model does not support the language or locale of the prompt.
  case unsupportedLanguageOrLocale(String)
  /// The system limits how often this app may ask (for example in the background).
  case rateLimited(String)
  /// The session is already answering another request.
  case concurrentRequests(String)
  /// The model refused to answer.
  case refusal(String)
  /// The model's assets are not available on the device.
  case assetsUnavailable(String)
  /// A schema constraint the model does not support.
  case unsupportedGuide(String)
  /// The model's output could not be decoded into the requested structure.
  case decodingFailure(String)
  /// A failure the bridge does not know.
  case other(String)

  /// What happened and what to do.
  public var description: String {
    switch self {
    case .deviceNotEligible:
      "This device cannot run Apple Intelligence. Offer the offline model or a server model instead."
    case .appleIntelligenceNotEnabled:
      "Apple Intelligence is turned off. Turn it on in Settings › Apple Intelligence & Siri, then try again."
    case .modelNotReady:
      "The on-device model is still downloading or preparing. Keep the device on Wi-Fi and power, then try again later."
    case .guardrailViolation(let detail):
      "The request or the answer was blocked by Apple's safety guardrails (\(detail)). Rephrase the request."
    case .exceededContextWindowSize(let detail):
      "The conversation is too long for the on-device model (\(detail)). Start a new conversation or shorten it."
    case .unsupportedLanguageOrLocale(let detail):
      "The on-device model does not support this language (\(detail)). Write in a supported language."
    case .rateLimited(let detail):
      "The system is limiting requests from this app (\(detail)). Try again in a moment, with the app in the foreground."
    case .concurrentRequests(let detail):
      "The model is still answering an earlier request (\(detail)). Wait for it to finish, then send again."
    case .refusal(let detail):
      "The on-device model declined to answer (\(detail)). Rephrase the request."
    case .assetsUnavailable(let detail):
      "The on-device model's assets are unavailable (\(detail)). Check free storage and that Apple Intelligence is on."
    case .unsupportedGuide(let detail):
      "A schema constraint is not supported by the on-device model (\(detail)). Remove the constraint."
    case .decodingFailure(let detail):
      "The on-device model's answer did not fit the requested structure (\(detail)). Try again."
    case .other(let detail):
      "The on-device model failed: \(detail)"
    }
  }
}

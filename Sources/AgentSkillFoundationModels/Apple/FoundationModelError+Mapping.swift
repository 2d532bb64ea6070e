#if canImport(FoundationModels)
  import FoundationModels

  @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  extension FoundationModelError {
    /// The reason the system model is unavailable.
    init(_ reason: SystemLanguageModel.Availability.UnavailableReason) {
      switch reason {
      case .deviceNotEligible: self = .deviceNotEligible
      case .appleIntelligenceNotEnabled: self = .appleIntelligenceNotEnabled
      case .modelNotReady: self = .modelNotReady
      @unknown default: self = .other("unavailable: \(reason)")
      }
    }

    /// A FoundationModels error as a typed error with a fix; other errors are returned unchanged.
    static func mapping(_ error: any Error) -> any Error {
      guard let generation = error as? LanguageModelSession.GenerationError else { return error }
      switch generation {
      case .exceededContextWindowSize(let context): return Self.exceededContextWindowSize(context.debugDescription)
      case .assetsUnavailable(let context): return Self.assetsUnavailable(context.debugDescription)
      case .guardrailViolation(let context): return Self.guardrailViolation(context.debugDescription)
      case .unsupportedGuide(let context): return Self.unsupportedGuide(context.debugDescription)
      case .unsupportedLanguageOrLocale(let context): return Self.unsupportedLanguageOrLocale(context.debugDescription)
      case .decodingFailure(let context): return Self.decodingFailure(context.debugDescription)
      case .rateLimited(let context): return Self.rateLimited(context.debugDescription)
      case .concurrentRequests(let context): return Self.concurrentRequests(context.debugDescription)
      case .refusal(_, let context): return Self.refusal(context.debugDescription)
      @unknown default: return Self.other(generation.localizedDescription)
      }
    }
  }
#endif

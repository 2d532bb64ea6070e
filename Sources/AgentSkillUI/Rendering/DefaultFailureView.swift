#if canImport(SwiftUI)
  import AgentSkill
  import SwiftUI

  /// The failure state of ``AgentRenderView``: the message and a Retry
  /// button, centered when shown alone and as a banner above content.
  ///
  /// ```swift
  /// struct OfflineNotice: View {
  ///   let retry: @MainActor () -> Void
  ///   var body: some View {
  ///     DefaultFailureView(message: "You're offline.", retry: retry)
  ///   }
  /// }
  /// ```
  public struct DefaultFailureView: View {
    private let message: String
    @Environment(\.locale) private var locale
    private let retry: @MainActor () -> Void

    /// Creates a failure view.
    ///
    /// - Parameters:
    ///   - message: What went wrong, for the user.
    ///   - retry: What the Retry button does.
    public init(message: String, retry: @escaping @MainActor () -> Void) {
      self.message = message
      self.retry = retry
    }

    /// The message above the Retry button.
    public var body: some View {
      VStack(spacing: 12) {
        Label(message, systemImage: "exclamationmark.triangle")
          .font(.callout)
          .multilineTextAlignment(.center)
          .accessibilityLabel(Text(verbatim: AgentSkillLocalization.string("status.error", message, locale: locale)))
        RetryButton(action: retry)
      }
      .padding()
      .frame(maxWidth: .infinity)
    }
  }
#endif

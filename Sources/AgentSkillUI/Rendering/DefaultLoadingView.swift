#if canImport(SwiftUI)
  import AgentSkill
  import SwiftUI

  /// The loading state of ``AgentRenderView``: a centered progress view
  /// with the loading hint.
  ///
  /// ```swift
  /// struct ProfileLoading: View {
  ///   var body: some View {
  ///     DefaultLoadingView(hint: "Loading your profile…")
  ///   }
  /// }
  /// ```
  public struct DefaultLoadingView: View {
    private let hint: String?
    @Environment(\.locale) private var locale

    /// Creates a loading view.
    ///
    /// - Parameter hint: What is loading, such as `"Loading…"`; `nil` shows the indicator alone.
    public init(hint: String?) {
      self.hint = hint
    }

    /// A progress view filling the available space.
    public var body: some View {
      Group {
        if let hint, !hint.isEmpty {
          ProgressView(hint)
        } else {
          ProgressView().accessibilityLabel(
            Text(verbatim: AgentSkillLocalization.string("status.loading", locale: locale)))
        }
      }
      .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
  }
#endif

#if canImport(SwiftUI)
  import AgentSkill
  import SwiftUI

  /// Shows where a ``/AgentSkill/SkillRunner``'s run stands: a linear progress
  /// bar with a Cancel button while it runs, the error with a Retry button
  /// when it failed, a note with Retry when it was cancelled, what to fix
  /// when the input was rejected (no Retry: the same input would be rejected
  /// again), and nothing before the first run or after a success.
  ///
  /// ```swift
  /// struct UploadView: View {
  ///   let photos: [Photo]
  ///   @State private var upload = SkillRunner(UploadSkill())
  ///   var body: some View {
  ///     VStack(spacing: 16) {
  ///       Button("Upload") { upload.perform(photos) }
  ///         .disabled(while: upload)
  ///       SkillStatusView(upload, title: Text("Uploading"), retryWith: photos)
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// The bar is determinate once the skill reports progress
  /// (``/AgentSkill/SkillContext/reportProgress(_:)``) and indeterminate
  /// until then. The error text is ``/AgentSkill/SkillStatus/failureMessage``,
  /// with secrets removed. Texts use the system text styles, so they follow
  /// Dynamic Type; the bar, the buttons and the error carry accessibility
  /// labels. Button titles ("Cancel", "Retry", "Cancelled") are localized
  /// through the app's string catalog.
  public struct SkillStatusView<S: Skill>: View {
    private let runner: SkillRunner<S>
    private let title: Text?
    private let retry: (@MainActor () -> Void)?

    /// Creates a status view.
    ///
    /// - Parameters:
    ///   - runner: The runner to show.
    ///   - title: What the run does, shown above the bar and read by
    ///     VoiceOver, such as `Text("Uploading")`. Defaults to none.
    ///   - retry: What the Retry button does; without it there is no Retry
    ///     button. Defaults to none.
    public init(_ runner: SkillRunner<S>, title: Text? = nil, retry: (@MainActor () -> Void)? = nil) {
      self.runner = runner
      self.title = title
      self.retry = retry
    }

    /// Creates a status view whose Retry button performs the runner again with `input`.
    ///
    /// - Parameters:
    ///   - runner: The runner to show.
    ///   - title: What the run does, shown above the bar. Defaults to none.
    ///   - input: The input to perform the runner with on Retry.
    public init(_ runner: SkillRunner<S>, title: Text? = nil, retryWith input: S.Input) {
      self.init(runner, title: title, retry: { runner.perform(input) })
    }

    /// The view for the runner's current status.
    public var body: some View {
      switch runner.status {
      case .running(let progress):
        SkillProgressRow(title: title, progress: progress, cancel: runner.cancel)
      case .failed:
        SkillFailureRow(message: runner.status.failureMessage ?? "", retry: retry)
      case .cancelled:
        SkillCancelledRow(retry: retry)
      case .rejected(let rejection):
        SkillRejectedRow(message: rejection.message)
      case .idle, .succeeded:
        EmptyView()
      }
    }
  }

  /// The linear bar and the Cancel button of a running skill.
  private struct SkillProgressRow: View {
    let title: Text?
    let progress: Double?
    let cancel: @MainActor () -> Void
    @Environment(\.locale) private var locale

    var body: some View {
      HStack(spacing: 12) {
        ProgressView(value: progress) {
          if let title { title.font(.subheadline) }
        }
        .progressViewStyle(.linear)
        .accessibilityLabel(title ?? Text(verbatim: AgentSkillLocalization.string("status.inProgress", locale: locale)))

        Button(role: .cancel, action: cancel) {
          Label(AgentSkillLocalization.string("status.cancel", locale: locale), systemImage: "xmark.circle.fill")
        }
        .labelStyle(.iconOnly)
        .buttonStyle(.borderless)
        .foregroundStyle(.secondary)
      }
    }
  }

  /// The error of a failed run and its Retry button.
  private struct SkillFailureRow: View {
    let message: String
    @Environment(\.locale) private var locale
    let retry: (@MainActor () -> Void)?

    var body: some View {
      VStack(alignment: .leading, spacing: 8) {
        Label(message, systemImage: "exclamationmark.triangle.fill")
          .font(.callout)
          .foregroundStyle(.red)
          .accessibilityLabel(Text(verbatim: AgentSkillLocalization.string("status.error", message, locale: locale)))
        if let retry {
          RetryButton(action: retry)
        }
      }
    }
  }

  /// What to fix in input the skill rejected.
  private struct SkillRejectedRow: View {
    let message: String
    @Environment(\.locale) private var locale

    var body: some View {
      Label(message, systemImage: "exclamationmark.circle")
        .font(.callout)
        .foregroundStyle(.orange)
        .accessibilityLabel(Text(verbatim: AgentSkillLocalization.string("status.rejected", message, locale: locale)))
    }
  }

  /// The note of a cancelled run and its Retry button.
  private struct SkillCancelledRow: View {
    let retry: (@MainActor () -> Void)?
    @Environment(\.locale) private var locale

    var body: some View {
      HStack(spacing: 12) {
        Label(AgentSkillLocalization.string("status.cancelled", locale: locale), systemImage: "xmark.circle")
          .font(.callout)
          .foregroundStyle(.secondary)
        if let retry {
          RetryButton(action: retry)
        }
      }
    }
  }
#endif

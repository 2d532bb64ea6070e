#if canImport(SwiftUI)
  import SwiftUI

  /// The "this answer is not relevant" button under an answer (the last
  /// defence against a model that picks the wrong tool): one tap records the question, the tools
  /// offered, the calls and the answer in the feedback log; afterwards the
  /// button turns into a thank-you note.
  struct ChatFeedbackButton: View {
    let isReported: Bool
    let action: @MainActor () -> Void

    var body: some View {
      if isReported {
        Label("Thanks for the feedback", systemImage: "hand.thumbsdown.fill")
          .font(.caption)
          .foregroundStyle(.secondary)
      } else {
        Button(action: action) {
          Label("Not relevant", systemImage: "hand.thumbsdown")
        }
        .font(.caption)
        .buttonStyle(.borderless)
        .foregroundStyle(.secondary)
        .accessibilityLabel(Text("Report this answer as not relevant"))
        .accessibilityHint(Text("Saves the question, the skills used and the answer to the feedback log."))
      }
    }
  }
#endif

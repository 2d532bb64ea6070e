#if canImport(SwiftUI)
  import SwiftUI

  /// The Retry button of the library's failure views: a bordered button
  /// with an icon, so it stays tappable on its own inside a `List` row.
  package struct RetryButton: View {
    let action: @MainActor () -> Void

    package init(action: @escaping @MainActor () -> Void) {
      self.action = action
    }

    package var body: some View {
      Button("Retry", systemImage: "arrow.clockwise", action: action)
        .buttonStyle(.bordered)
        .accessibilityHint(Text("Tries again"))
    }
  }
#endif

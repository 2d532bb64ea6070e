#if canImport(SwiftUI)
  import SwiftUI

  /// One message: its sender and text.
  struct MessageRow: View {
    let message: Message

    var body: some View {
      VStack(alignment: .leading, spacing: 4) {
        Label(message.sender, systemImage: message.author == .assistant ? "sparkles" : "person.crop.circle")
          .font(.headline)
        Text(message.text)
          .font(.body)
          .foregroundStyle(.secondary)
      }
      .accessibilityElement(children: .combine)
    }
  }
#endif

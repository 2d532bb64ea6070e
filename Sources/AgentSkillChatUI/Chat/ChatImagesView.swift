#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillLLM
  import SwiftUI
  #if canImport(UIKit)
    import UIKit
  #elseif canImport(AppKit)
    import AppKit
  #endif

  /// The images of a user's message, above its bubble: each scaled to fit a
  /// thumbnail with rounded corners; bytes that do not decode show a
  /// placeholder instead.
  struct ChatImagesView: View {
    let images: [ChatImage]
    @Environment(\.locale) private var locale

    var body: some View {
      VStack(alignment: .trailing, spacing: 6) {
        ForEach(images.indices, id: \.self) { index in
          thumbnail(images[index])
            .accessibilityLabel(
              Text(verbatim: AgentSkillLocalization.string("chat.image", String(index + 1), locale: locale)))
        }
      }
    }

    /// The image decoded from its bytes (a chat's messages hold bytes: files are read when the message is sent).
    @ViewBuilder private func thumbnail(_ image: ChatImage) -> some View {
      if let decoded = Self.decoded(image) {
        decoded
          .resizable()
          .scaledToFit()
          .frame(maxWidth: 220, maxHeight: 220)
          .clipShape(RoundedRectangle(cornerRadius: 14))
      } else {
        placeholder
      }
    }

    /// The platform's image of `image`'s bytes, or `nil` when they do not decode.
    private static func decoded(_ image: ChatImage) -> Image? {
      guard case .data(let data) = image.source else { return nil }
      #if canImport(UIKit)
        return UIImage(data: data).map { Image(uiImage: $0) }
      #elseif canImport(AppKit)
        return NSImage(data: data).map { Image(nsImage: $0) }
      #else
        return nil
      #endif
    }

    private var placeholder: some View {
      Image(systemName: "photo")
        .font(.title2)
        .foregroundStyle(.secondary)
        .frame(width: 64, height: 64)
        .background(.quaternary, in: RoundedRectangle(cornerRadius: 14))
    }
  }
#endif

#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillLLM
  import SwiftUI

  /// The text bubble of a user message or an answer: the user's on the tint
  /// color, the model's on a neutral fill, with a cursor while the answer
  /// streams and an ellipsis before its first words arrive.
  ///
  /// ```swift
  /// struct Transcript: View {
  ///   let messages: [ChatAgentMessage]
  ///   var body: some View {
  ///     ForEach(messages) { message in
  ///       if message.showsTextBubble { ChatBubble(message: message) }
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// The text is shown verbatim (it is the user's or the model's words, not
  /// a localization key), in the body text style so it follows Dynamic Type.
  /// VoiceOver reads who said it, then the text, without the cursor.
  public struct ChatBubble: View {
    private let message: ChatAgentMessage
    @Environment(\.locale) private var locale

    /// Creates a bubble.
    ///
    /// - Parameter message: The message to show.
    public init(message: ChatAgentMessage) {
      self.message = message
    }

    /// The message's text in its bubble.
    public var body: some View {
      let isUser = message.role == .user
      Text(verbatim: shownText)
        .font(.body)
        .padding(.horizontal, 14)
        .padding(.vertical, 9)
        .foregroundStyle(isUser ? AnyShapeStyle(Color.white) : AnyShapeStyle(.primary))
        .background(
          isUser ? AnyShapeStyle(.tint) : AnyShapeStyle(.quaternary), in: RoundedRectangle(cornerRadius: 18)
        )
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(accessibilityText)
    }

    private var shownText: String {
      guard message.isStreaming else { return message.text }
      return message.text.isEmpty ? "…" : message.text + " ▍"
    }

    private var accessibilityText: Text {
      switch message.role {
      case .user:
        Text(verbatim: AgentSkillLocalization.string("chat.you", message.text, locale: locale))
      case .assistant, .tool:
        message.isStreaming && message.text.isEmpty
          ? Text(verbatim: AgentSkillLocalization.string("chat.assistantTyping", locale: locale))
          : Text(verbatim: AgentSkillLocalization.string("chat.assistant", message.text, locale: locale))
      }
    }
  }
#endif

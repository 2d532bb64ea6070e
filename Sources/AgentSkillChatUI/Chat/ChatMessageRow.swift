#if canImport(SwiftUI)
  import AgentSkillLLM
  import SwiftUI

  /// One message of a ``ChatView``: the user's bubble (with the images they
  /// attached) on the trailing side;
  /// the model's thinking (collapsed), tool calls, text bubble and feedback
  /// button on the leading side; a tool's result as its own view.
  struct ChatMessageRow<Bubble: View, ResultView: View>: View {
    let message: ChatAgentMessage
    let bubble: (ChatAgentMessage) -> Bubble
    let resultView: (ChatToolResult) -> ResultView
    let isReported: Bool
    let report: @MainActor () -> Void

    var body: some View {
      switch message.role {
      case .user:
        HStack {
          Spacer(minLength: 48)
          VStack(alignment: .trailing, spacing: 6) {
            if !message.images.isEmpty { ChatImagesView(images: message.images) }
            if !message.text.isEmpty || message.images.isEmpty { bubble(message) }
          }
        }
      case .assistant:
        VStack(alignment: .leading, spacing: 6) {
          if let thinking = message.thinking, !thinking.isEmpty {
            ChatThinkingRow(thinking: thinking)
          }
          ForEach(message.toolCalls) { ChatToolCallRow(call: $0) }
          if message.showsTextBubble {
            HStack {
              bubble(message)
              Spacer(minLength: 48)
            }
          }
          if message.acceptsFeedback {
            ChatFeedbackButton(isReported: isReported, action: report)
          }
        }
      case .tool:
        if let result = message.toolResult {
          resultView(result)
        }
      }
    }
  }
#endif

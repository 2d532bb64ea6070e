extension ChatAgentMessage {
  /// Whether the message is a finished answer from the model, the kind a
  /// "this answer is not relevant" button belongs to: an
  /// assistant message that stopped streaming and says something. Messages
  /// that only call tools, and answers still streaming, do not qualify.
  ///
  /// ```swift
  /// struct AnswerFooter: View {
  ///   let chat: ChatAgent
  ///   let message: ChatAgentMessage
  ///
  ///   var body: some View {
  ///     if message.acceptsFeedback {
  ///       Button("Not relevant", systemImage: "hand.thumbsdown") { chat.reportIrrelevant(messageID: message.id) }
  ///     }
  ///   }
  /// }
  /// ```
  public var acceptsFeedback: Bool {
    role == .assistant && !isStreaming && text.contains { !$0.isWhitespace }
  }

  /// Whether a chat transcript shows a text bubble for the message: always
  /// for the user, for the model when it has text or is about to stream
  /// some (an empty, streaming answer shows a typing indicator), never for
  /// tool results, which show their ``ChatToolResult/display`` instead.
  public var showsTextBubble: Bool {
    switch role {
    case .user: true
    case .assistant: !text.isEmpty || (isStreaming && toolCalls.isEmpty)
    case .tool: false
    }
  }
}

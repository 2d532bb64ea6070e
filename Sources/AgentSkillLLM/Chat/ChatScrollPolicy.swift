/// Decides when a chat transcript scrolls to its newest message, and whether
/// it should instead tell the reader that something new arrived below.
///
/// A chat screen keeps a ``Snapshot`` of what it last laid out and asks for a
/// ``Decision`` whenever the conversation changes. The screen then scrolls
/// **one layout pass later**: scrolling in the same update
/// that inserted the message targets a row that has not been laid out yet,
/// and the list jumps to the top instead.
///
/// ```swift
/// struct Conversation: View {
///   let chat: ChatAgent
///   @State private var laidOut: ChatScrollPolicy.Snapshot?
///   @State private var isAtBottom = true  // kept by an onAppear/onDisappear marker below the last row
///
///   var body: some View {
///     ScrollViewReader { proxy in
///       ScrollView {
///         LazyVStack {
///           ForEach(chat.messages) { message in
///             ChatBubble(message: message).id(message.id)
///           }
///         }
///       }
///       .onChange(of: ChatScrollPolicy.Snapshot(messages: chat.messages), initial: true) { _, snapshot in
///         let decision = ChatScrollPolicy().decision(from: laidOut, to: snapshot, isAtBottom: isAtBottom)
///         laidOut = snapshot
///         if case .scroll(let id, let animated) = decision {
///           Task { @MainActor in  // after this update's layout pass
///             withAnimation(animated ? .default : nil) { proxy.scrollTo(id, anchor: .bottom) }
///           }
///         }
///       }
///     }
///   }
/// }
/// ```
///
/// The rules:
/// - The first snapshot scrolls to the newest message without animation
///   (a conversation opens at its end).
/// - The user sending a message always scrolls, animated, even when they had
///   scrolled up to read: they expect to see what they sent.
/// - A new message from the assistant or a tool scrolls, animated, when the
///   reader is at the bottom; otherwise the decision is ``Decision/markUnseen``,
///   so the screen can offer a "jump to latest" button instead of yanking
///   the reader away from what they are reading.
/// - The newest message growing (streamed text, a tool call's progress)
///   scrolls without animation when the reader is at the bottom — animating
///   every streamed batch makes the text wobble — and marks unseen otherwise.
/// - Nothing changed, or the conversation is empty: ``Decision/none``.
public struct ChatScrollPolicy: Sendable, Hashable {
  /// What the policy compares between two updates: the newest message's
  /// identity and size, and the newest user message.
  ///
  /// Cheap to build on every update: it reads counts, never copies text.
  public struct Snapshot: Sendable, Hashable {
    /// How many messages the conversation holds.
    public var messageCount: Int
    /// The newest message, if any.
    public var lastMessageID: ChatAgentMessage.ID?
    /// The newest message the user sent, if any.
    public var lastUserMessageID: ChatAgentMessage.ID?
    /// The newest message's text length in UTF-8 bytes.
    public var lastTextLength: Int
    /// How many tools the newest message called.
    public var lastToolCallCount: Int
    /// How many of those calls finished.
    public var lastFinishedToolCallCount: Int
    /// Whether text is still streaming into the newest message.
    public var lastIsStreaming: Bool
    /// Whether the newest message holds a tool result.
    public var lastHasToolResult: Bool

    /// Takes a snapshot of a conversation.
    ///
    /// - Parameter messages: The conversation, oldest first.
    public init(messages: [ChatAgentMessage]) {
      let last = messages.last
      self.messageCount = messages.count
      self.lastMessageID = last?.id
      self.lastUserMessageID = messages.last { $0.role == .user }?.id
      self.lastTextLength = last?.text.utf8.count ?? 0
      self.lastToolCallCount = last?.toolCalls.count ?? 0
      self.lastFinishedToolCallCount = last?.toolCalls.count { $0.status.isFinished } ?? 0
      self.lastIsStreaming = last?.isStreaming ?? false
      self.lastHasToolResult = last?.toolResult != nil
    }

    /// Whether the newest message is a different one than in `other`.
    func hasNewMessage(comparedTo other: Snapshot) -> Bool {
      lastMessageID != other.lastMessageID || messageCount > other.messageCount
    }
  }

  /// What the screen should do after an update.
  public enum Decision: Sendable, Hashable {
    /// Nothing.
    case none
    /// Scroll so the bottom of the message with this identity is at the
    /// bottom of the screen, one layout pass later; animated or not.
    case scroll(to: ChatAgentMessage.ID, animated: Bool)
    /// Something new arrived below while the reader is scrolled up: offer a
    /// way to jump to it rather than scrolling.
    case markUnseen
  }

  /// Creates the policy.
  public init() {}

  /// What to do after the conversation changed from `previous` to `current`.
  ///
  /// - Parameters:
  ///   - previous: The snapshot of the last update the screen handled;
  ///     `nil` before the first one.
  ///   - current: The snapshot of the conversation now.
  ///   - isAtBottom: Whether the bottom of the transcript is on screen.
  /// - Returns: Whether and how to scroll.
  public func decision(from previous: Snapshot?, to current: Snapshot, isAtBottom: Bool) -> Decision {
    guard let lastID = current.lastMessageID else { return .none }
    guard let previous else { return .scroll(to: lastID, animated: false) }
    guard previous != current else { return .none }
    if current.hasNewMessage(comparedTo: previous) {
      let userSent = current.lastUserMessageID != nil && current.lastUserMessageID != previous.lastUserMessageID
      if userSent || isAtBottom { return .scroll(to: lastID, animated: true) }
      return .markUnseen
    }
    return isAtBottom ? .scroll(to: lastID, animated: false) : .markUnseen
  }
}

#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillLLM
  import SwiftUI

  /// A complete chat screen for a ``/AgentSkillLLM/ChatAgent``:
  /// the conversation as bubbles (the user's with the images they sent) with each tool's result, the answer
  /// streaming in (what the model showed of its thinking in a "Thinking" row
  /// above it, collapsed until tapped), an "Executing: …" panel while a skill runs, a prompt for
  /// skills that need the user's consent, a "not relevant" button under each
  /// answer, and an input bar with a Stop button while the agent works.
  ///
  /// ```swift
  /// struct AssistantScreen: View {
  ///   @State private var chat: ChatAgent
  ///
  ///   init(registry: SkillRegistry) {
  ///     _chat = State(initialValue: ChatAgent(model: RuleBasedModel(registry: registry), registry: registry))
  ///   }
  ///
  ///   var body: some View {
  ///     NavigationStack {
  ///       ChatView(agent: chat)
  ///         .debugPanelButton()
  ///         .navigationTitle("Assistant")
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// **One state drives the screen.** The status panel between the
  /// conversation and the input bar switches on ``/AgentSkillLLM/ChatAgent/phase``
  /// alone (through ``/AgentSkillLLM/ChatActivity``): "Thinking…" while the
  /// message is analysed, "Executing: 天气查询" while a skill runs (its name from
  /// the call, else the registry), the confirmation prompt, or the failure
  /// with Retry. No second flag can disagree with it, so the panel cannot
  /// flicker.
  ///
  /// **Scrolling.** The conversation follows new messages and streamed text
  /// while the reader is at the bottom, one layout pass after the change
  /// (scrolling in the same update lands on a row that is not laid out yet,
  /// and the list jumps to the top). A reader who scrolled up
  /// to read is left in place and offered a "jump to latest" button; sending
  /// a message always scrolls. The decisions are ``/AgentSkillLLM/ChatScrollPolicy``'s.
  ///
  /// **Sending while busy.** Sending a new message cancels the answer in
  /// flight (``/AgentSkillLLM/ChatAgent/send(_:images:)``); the Stop button cancels
  /// it without sending (``/AgentSkillLLM/ChatAgent/cancel()``).
  ///
  /// **Components.** Replace the text bubble or the tool result view and
  /// keep the rest:
  ///
  /// ```swift
  /// struct BrandedChat: View {
  ///   let chat: ChatAgent
  ///   var body: some View {
  ///     ChatView(agent: chat)
  ///       .messageBubble { message in
  ///         VStack(alignment: .leading, spacing: 2) {
  ///           if message.role == .assistant {
  ///             Text("Assistant").font(.caption).foregroundStyle(.secondary)
  ///           }
  ///           ChatBubble(message: message)
  ///         }
  ///       }
  ///       .toolResultView { result in
  ///         if case .table(let table) = result.display {
  ///           ToolTableView(table, maximumRows: 50)
  ///         } else {
  ///           ChatToolResultView(result: result)
  ///         }
  ///       }
  ///   }
  /// }
  /// ```
  ///
  /// Texts use the system text styles, so they follow Dynamic Type; colors
  /// are semantic (tint, hierarchical styles), so they follow dark mode and
  /// increased contrast; the Send, Stop, Confirm, Deny and feedback buttons
  /// carry accessibility labels and hints.
  public struct ChatView<Bubble: View, ResultView: View>: View {
    private let agent: ChatAgent
    private let bubble: (ChatAgentMessage) -> Bubble
    private let resultView: (ChatToolResult) -> ResultView
    private let showsDebugButton: Bool
    @State private var showsDebugPanel = false
    @Environment(\.locale) private var locale

    /// The conversation, the status panel and the input bar.
    public var body: some View {
      VStack(spacing: 0) {
        ChatTranscript(agent: agent, bubble: bubble, resultView: resultView)
        Divider()
        ChatActivityBar(agent: agent)
        ChatInputBar(agent: agent)
      }
      .toolbar {
        if showsDebugButton {
          Button(AgentSkillLocalization.string("chat.debug", locale: locale), systemImage: "ladybug") {
            showsDebugPanel = true
          }
          .accessibilityHint(Text(verbatim: AgentSkillLocalization.string("chat.debug.hint", locale: locale)))
        }
      }
      .sheet(isPresented: $showsDebugPanel) {
        NavigationStack { ChatDebugPanel(agent) }
      }
    }

    init(
      agent: ChatAgent,
      bubble: @escaping (ChatAgentMessage) -> Bubble,
      resultView: @escaping (ChatToolResult) -> ResultView,
      showsDebugButton: Bool
    ) {
      self.agent = agent
      self.bubble = bubble
      self.resultView = resultView
      self.showsDebugButton = showsDebugButton
    }
  }

  extension ChatView where Bubble == ChatBubble, ResultView == ChatToolResultView {
    /// Creates a chat screen with the default bubble and tool result views.
    ///
    /// ```swift
    /// struct AssistantTab: View {
    ///   @Environment(ChatAgent.self) private var chat
    ///   var body: some View {
    ///     ChatView(agent: chat)
    ///   }
    /// }
    /// ```
    ///
    /// - Parameter agent: The chat agent to show and drive.
    public init(agent: ChatAgent) {
      self.init(
        agent: agent,
        bubble: { ChatBubble(message: $0) },
        resultView: { ChatToolResultView(result: $0) },
        showsDebugButton: false)
    }
  }

  extension ChatView {
    /// Replaces the text bubble of user messages and answers. The row still
    /// aligns it (user trailing, assistant leading) and adds the tool calls
    /// above it and the feedback button below it.
    ///
    /// - Parameter bubble: Builds the bubble from the message; its text may
    ///   still be streaming (``/AgentSkillLLM/ChatAgentMessage/isStreaming``).
    /// - Returns: A chat view with this bubble.
    public func messageBubble<NewBubble: View>(
      @ViewBuilder _ bubble: @escaping (ChatAgentMessage) -> NewBubble
    ) -> ChatView<NewBubble, ResultView> {
      ChatView<NewBubble, ResultView>(
        agent: agent, bubble: bubble, resultView: resultView, showsDebugButton: showsDebugButton)
    }

    /// Replaces the view of tool results (tables, key-values, text, failures).
    ///
    /// - Parameter view: Builds the view from the result; ``ChatToolResultView``
    ///   is the default.
    /// - Returns: A chat view with this result view.
    public func toolResultView<NewResultView: View>(
      @ViewBuilder _ view: @escaping (ChatToolResult) -> NewResultView
    ) -> ChatView<Bubble, NewResultView> {
      ChatView<Bubble, NewResultView>(
        agent: agent, bubble: bubble, resultView: view, showsDebugButton: showsDebugButton)
    }

    /// Adds a toolbar button that opens ``ChatDebugPanel``: per-skill
    /// timings, token totals and the agent's timeline. The
    /// button shows when the view is inside a navigation stack.
    ///
    /// ```swift
    /// struct AssistantScreen: View {
    ///   let chat: ChatAgent
    ///   var body: some View {
    ///     NavigationStack {
    ///       ChatView(agent: chat).debugPanelButton()
    ///     }
    ///   }
    /// }
    /// ```
    ///
    /// - Parameter isVisible: Whether to show the button. Defaults to `true`.
    /// - Returns: A chat view with or without the button.
    public func debugPanelButton(_ isVisible: Bool = true) -> ChatView {
      ChatView(agent: agent, bubble: bubble, resultView: resultView, showsDebugButton: isVisible)
    }
  }
#endif

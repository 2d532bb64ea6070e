#if canImport(SwiftUI)
  import AgentSkill

  extension Agent {
    /// An agent for previews and snapshot tests: it shows `context` and
    /// nothing changes it — no skills are mounted and intents sent to it
    /// (a view's `.sending(.load, to: agent)`) are ignored.
    ///
    /// Give the context static samples, one per state worth looking at, and
    /// preview each:
    ///
    /// ```swift
    /// struct MessageList_Previews: PreviewProvider {
    ///   static var previews: some View {
    ///     NavigationStack { MessageList() }
    ///       .environment(MessageAgent.preview(context: MessageContext(phase: .loaded, messages: Message.samples)))
    ///     NavigationStack { MessageList() }
    ///       .environment(MessageAgent.preview(context: MessageContext(phase: .failure("You're offline"))))
    ///   }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - context: The context to show.
    ///   - name: The agent's name in its log tag. Defaults to `Preview`.
    ///   - timeline: How the timeline records. Defaults to
    ///     ``/AgentSkill/AgentTimelineOptions/disabled``; pass
    ///     `AgentTimelineOptions()` to preview an ``AgentDebugPanel``.
    /// - Returns: An agent with no skills whose context stays `context`.
    public static func preview(
      context: Context,
      name: String = "Preview",
      timeline: AgentTimelineOptions = .disabled
    ) -> Agent {
      Agent(context: context, skills: [], reduce: { _, _ in [] }, name: name, timeline: timeline)
    }
  }
#endif

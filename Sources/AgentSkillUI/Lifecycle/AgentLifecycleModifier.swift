#if canImport(SwiftUI)
  import AgentSkill
  import SwiftUI

  extension View {
    /// Sends `intent` to `agent` when the view appears and cancels that
    /// intent — with its follow-ups — when the view disappears.
    ///
    /// ```swift
    /// struct MessagesScreen: View {
    ///   @Environment(MessageAgent.self) private var agent
    ///   var body: some View {
    ///     List(agent.messages) { MessageRow(message: $0) }
    ///       .sending(.load, to: agent)
    ///   }
    /// }
    /// ```
    ///
    /// It is `.task { await agent.send(.load).finish() }`: SwiftUI cancels the
    /// task when the view disappears, and cancelling the task that awaits
    /// ``/AgentSkill/AgentTask/finish(isolation:)`` cancels the intent and
    /// its follow-ups. Only the work this modifier started stops: a push onto
    /// a `NavigationStack` does not cancel an optimistic send or a stream the
    /// screen started elsewhere. Pass ``AgentDisappearAction/cancelAll`` to
    /// cancel all of the agent's work instead. The intent is sent again on
    /// every later appearance (returning to a screen reloads it; a cache skill
    /// makes that cheap). Cancelled skills stop at once and their late effects
    /// are dropped, so nothing the closed screen started writes to its context
    /// afterwards.
    ///
    /// - Parameters:
    ///   - intent: The intent to send on appearance, such as `.load`.
    ///   - agent: The agent to send it to.
    ///   - priority: The priority of the task that sends it. Defaults to `.userInitiated`.
    ///   - onDisappear: What to cancel when the view disappears. Defaults
    ///     to ``AgentDisappearAction/cancelSentIntent``.
    /// - Returns: A view that sends the intent while it is shown.
    public func sending<Context, Intent, Effect>(
      _ intent: Intent,
      to agent: Agent<Context, Intent, Effect>,
      priority: TaskPriority = .userInitiated,
      onDisappear: AgentDisappearAction = .cancelSentIntent
    ) -> some View {
      modifier(AgentLifecycleModifier(agent: agent, intent: intent, priority: priority, onDisappear: onDisappear))
    }
  }

  /// Sends an intent from a `task` and cancels on disappearance.
  private struct AgentLifecycleModifier<Context: Sendable, Intent: Sendable, Effect: Sendable>: ViewModifier {
    let agent: Agent<Context, Intent, Effect>
    let intent: Intent
    let priority: TaskPriority
    let onDisappear: AgentDisappearAction

    func body(content: Content) -> some View {
      content
        .task(priority: priority) {
          let sent = agent.send(intent)
          // SwiftUI cancels this task when the view disappears; awaiting
          // `finish()` then cancels the intent and its follow-ups.
          if onDisappear.kind == .cancelSentIntent { await sent.finish() }
        }
        .onDisappear {
          switch onDisappear.kind {
          case .cancelAll: agent.cancelAll()
          case .cancelID(let id): agent.cancel(id: id)
          case .cancelSentIntent, .keepRunning: break
          }
        }
    }
  }
#endif

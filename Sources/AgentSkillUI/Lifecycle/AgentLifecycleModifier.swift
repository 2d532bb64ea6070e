#if canImport(SwiftUI)
  import AgentSkill
  import SwiftUI

  extension View {
    /// Sends `intent` to `agent` when the view appears and cancels the
    /// agent's work when it disappears.
    ///
    /// ```swift
    /// struct MessagesScreen: View {
    ///   @Environment(MessageAgent.self) private var agent
    ///   var body: some View {
    ///     List(agent.context.messages) { MessageRow(message: $0) }
    ///       .sending(.load, to: agent)
    ///   }
    /// }
    /// ```
    ///
    /// It is the usual `.task { agent.send(.load) }` plus
    /// `.onDisappear { agent.cancelAll() }` in one modifier. The intent is
    /// sent from a `task`, so SwiftUI starts it before the view appears and
    /// again on every later appearance (returning to a screen reloads it;
    /// a cache skill makes that cheap). Cancelled skills stop at once and
    /// their late effects are dropped, so nothing the closed screen started
    /// writes to its context afterwards.
    ///
    /// - Parameters:
    ///   - intent: The intent to send on appearance, such as `.load`.
    ///   - agent: The agent to send it to.
    ///   - priority: The priority of the task that sends it. Defaults to `.userInitiated`.
    ///   - onDisappear: What to cancel when the view disappears. Defaults
    ///     to ``AgentDisappearAction/cancelAll``.
    /// - Returns: A view that sends the intent while it is shown.
    public func sending<Context, Intent, Effect>(
      _ intent: Intent,
      to agent: Agent<Context, Intent, Effect>,
      priority: TaskPriority = .userInitiated,
      onDisappear: AgentDisappearAction = .cancelAll
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
          await sent.finish()
          // `finish()` returns early when SwiftUI cancels the task because
          // the view disappeared.
          if Task.isCancelled, onDisappear.kind == .cancelSentIntent {
            sent.cancel()
          }
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

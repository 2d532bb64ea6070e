#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillAutonomy

  /// What `View.sending(_:to:priority:onDisappear:)` cancels
  /// when its view disappears.
  ///
  /// ```swift
  /// struct UploadScreen: View {
  ///   @Environment(MessageAgent.self) private var agent
  ///   var body: some View {
  ///     UploadList()
  ///       .sending(.load, to: agent, onDisappear: .cancel(id: "upload"))
  ///   }
  /// }
  /// ```
  public struct AgentDisappearAction: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
      case cancelAll
      case cancelSentIntent
      case cancelID(AgentTaskID)
      case keepRunning
    }

    let kind: Kind

    /// Cancels the sent intent and its follow-ups; other work of the agent —
    /// an optimistic send, a stream another view started — keeps running.
    /// The default.
    public static let cancelSentIntent = AgentDisappearAction(kind: .cancelSentIntent)

    /// Cancels all of the agent's work, in flight and queued
    /// (``/AgentSkill/Agent/cancelAll()``), for a screen that owns every run
    /// of its agent.
    public static let cancelAll = AgentDisappearAction(kind: .cancelAll)

    /// Leaves the work running, for screens whose agent outlives them.
    public static let keepRunning = AgentDisappearAction(kind: .keepRunning)

    /// Cancels the runs whose policy carries `id` (``/AgentSkill/Agent/cancel(id:)``).
    ///
    /// - Parameter id: The identifier given to ``/AgentSkill/IntentPolicy/cancellable(id:)``.
    /// - Returns: The action.
    public static func cancel(id: some Hashable & Sendable) -> AgentDisappearAction {
      AgentDisappearAction(kind: .cancelID(AgentTaskID(id)))
    }
  }
#endif

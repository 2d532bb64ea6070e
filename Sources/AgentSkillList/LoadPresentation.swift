import AgentSkill

/// What a screen shows for a ``LoadPhase``: the decision behind
/// `AgentRenderView`, kept free of SwiftUI so it can be tested anywhere.
///
/// ```swift
/// struct InboxScreen: View {
///   let agent: ListAgent<Message>
///   var body: some View {
///     switch LoadPresentation(phase: agent.phase, hasContent: !agent.items.isEmpty) {
///     case .progress(let hint): ProgressView(hint ?? "")
///     case .content(let refreshing):
///       if let refreshing { Text(refreshing) }
///       List(agent.items) { MessageRow(message: $0) }
///     case .empty(let hint): ContentUnavailableView("No messages", systemImage: "tray", description: Text(hint))
///     case .failure(let message, let overContent):
///       Text(message)
///       if overContent { List(agent.items) { MessageRow(message: $0) } }
///     }
///   }
/// }
/// ```
///
/// The phase decides, except that content already on screen is kept: a
/// refresh (``LoadPhase/loading(_:)`` with items) shows the items with the
/// refresh hint, and a failure with items keeps them below the message —
/// replacing a readable list with a spinner or an error page makes the
/// screen flash.
public enum LoadPresentation: Hashable, Sendable {
  /// Nothing to show yet: a progress indicator, with the hint when there is one.
  case progress(hint: String?)
  /// The content; `refreshing` is the hint of a load in flight over it, if any.
  case content(refreshing: String?)
  /// Nothing to show: the empty state with its hint.
  case empty(hint: String)
  /// Loading failed; `overContent` tells whether the content stays below the message.
  case failure(message: String, overContent: Bool)

  /// The presentation of `phase`.
  ///
  /// - Parameters:
  ///   - phase: The screen's phase.
  ///   - hasContent: Whether the context holds content worth keeping on
  ///     screen, such as a non-empty list.
  public init(phase: LoadPhase, hasContent: Bool) {
    switch phase {
    case .idle:
      self = hasContent ? .content(refreshing: nil) : .progress(hint: nil)
    case .loading(let hint):
      self = hasContent ? .content(refreshing: hint) : .progress(hint: hint)
    case .loaded:
      self = .content(refreshing: nil)
    case .empty(let hint):
      self = .empty(hint: hint)
    case .failure(let error):
      self = .failure(message: error.message, overContent: hasContent)
    }
  }
}

extension Agent {
  /// The presentation of the agent's phase — what `AgentRenderView` shows —
  /// reading the phase and what `hasContent` reads through the agent, field
  /// by field, so a view that calls it is not refreshed by changes to other
  /// fields.
  ///
  /// ```swift
  /// @MainActor func status(of agent: ListAgent<Message>) -> String {
  ///   switch agent.presentation(phase: \.phase, hasContent: { !$0[dynamicMember: \.items.isEmpty] }) {
  ///   case .progress: "Loading…"
  ///   case .content(let refreshing): refreshing ?? "\(agent.items.count) messages"
  ///   case .empty(let hint): hint
  ///   case .failure(let message, _): message
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - phase: The key path to the context's phase.
  ///   - hasContent: Whether there is content worth keeping on screen; read
  ///     fields through the agent (`\.items.isEmpty` rather than `items`
  ///     notifies only when emptiness changes).
  /// - Returns: The presentation.
  public func presentation(phase: KeyPath<Context, LoadPhase>, hasContent: (Agent) -> Bool) -> LoadPresentation {
    LoadPresentation(phase: self[dynamicMember: phase], hasContent: hasContent(self))
  }
}

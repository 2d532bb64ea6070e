import AgentSkill

/// The agent behind a route of the messages tab: the root creates it when
/// the route is pushed and releases it, cancelling its work, when it is popped.
enum AppScreen: ChildAgent {
  case message(MessageDetailAgent)
  case compose(FormAgent<ComposeField>)

  func cancelAll() {
    switch self {
    case .message(let agent): agent.cancelAll()
    case .compose(let agent): agent.cancelAll()
    }
  }

  /// The message screen's agent, if this is one.
  var message: MessageDetailAgent? {
    if case .message(let agent) = self { agent } else { nil }
  }

  /// The compose screen's agent, if this is one.
  var compose: FormAgent<ComposeField>? {
    if case .compose(let agent) = self { agent } else { nil }
  }
}

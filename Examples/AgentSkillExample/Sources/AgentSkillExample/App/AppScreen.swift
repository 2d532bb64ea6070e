import AgentSkill
import AgentSkillForms

/// The agent behind a route of the messages tab: the root creates it when
/// the route is pushed and releases it, cancelling its work, when it is popped.
enum AppScreen: ChildAgent {
  case message(MessageDetailAgent)
  case compose(FormAgent<ComposeField>, ComposeDraft)

  func cancelAll() {
    switch self {
    case .message(let agent): agent.cancelAll()
    case .compose(let agent, let draft):
      draft.close()
      agent.cancelAll()
    }
  }

  /// The message screen's agent, if this is one.
  var message: MessageDetailAgent? {
    if case .message(let agent) = self { agent } else { nil }
  }

  /// The compose screen's draft keeper, if this is one.
  var draft: ComposeDraft? {
    if case .compose(_, let draft) = self { draft } else { nil }
  }

  /// The compose screen's agent, if this is one.
  var compose: FormAgent<ComposeField>? {
    if case .compose(let agent, _) = self { agent } else { nil }
  }
}

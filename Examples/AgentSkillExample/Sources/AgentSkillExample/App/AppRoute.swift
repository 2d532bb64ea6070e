import Foundation

/// A screen of the messages tab's navigation stack, as plain data: the root
/// agent's context holds the path, and each route has a child agent.
enum AppRoute: Hashable, Sendable {
  /// A message, opened from the inbox.
  case message(Message.ID)
  /// A new message, or a reply to one.
  case compose(replyTo: Message.ID?)
}

/// The app's tabs.
enum AppTab: Hashable, Sendable {
  case messages, assistant, notes
}

/// What the root presents over the tabs.
enum AppSheet: String, Hashable, Identifiable, Sendable {
  case settings

  var id: String { rawValue }
}

/// Where a link into the app goes: `agentskill-example://message/<id>`,
/// `agentskill-example://compose`, `agentskill-example://assistant`,
/// `agentskill-example://settings`.
enum DeepLink: Hashable, Sendable {
  case message(Message.ID)
  case compose
  case assistant
  case settings

  /// The link `url` names, or `nil` for a URL the app does not handle.
  init?(_ url: URL) {
    guard url.scheme == "agentskill-example" else { return nil }
    let parts = url.pathComponents.filter { $0 != "/" }
    switch (url.host, parts.first) {
    case ("message", let id?):
      guard let id = UUID(uuidString: id) else { return nil }
      self = .message(id)
    case ("compose", nil): self = .compose
    case ("assistant", nil): self = .assistant
    case ("settings", nil): self = .settings
    default: return nil
    }
  }
}

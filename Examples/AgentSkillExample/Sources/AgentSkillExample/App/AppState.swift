import AgentSkill
import Foundation

/// The user's preferences, edited on the settings screen.
struct AppSettings: Equatable, Sendable {
  /// Whether the assistant may create reminders (its reminder skill is offered to the model).
  var assistantCreatesReminders = true
}

/// The root's state: which tab, the messages tab's navigation path, what is
/// presented, and the preferences. Children own their own data.
struct AppState: Equatable, Sendable {
  var tab = AppTab.messages
  var path: [AppRoute] = []
  var sheet: AppSheet?
  var settings = AppSettings()
  /// The assistant's model; another model starts a new conversation.
  var assistantModel = AssistantModel.offline
  /// Messages sent from this device.
  var sentCount = 0
}

/// What the root is told by its children.
enum AppIntent: Sendable {
  /// The compose screen sent its message (a delegate intent): it is popped.
  case messageSent
}

/// Every change of the root's state.
enum AppEffect: Equatable, Sendable {
  case selectTab(AppTab)
  case setPath([AppRoute])
  case push(AppRoute)
  case present(AppSheet?)
  case setAssistantCreatesReminders(Bool)
  case setAssistantModel(AssistantModel)
  case open(DeepLink)
  case popCompose

  /// The root's reducer: navigation is state, and a deep link sets it whole.
  @MainActor
  static func reduce(_ state: inout AppState, _ effect: AppEffect) -> [AppIntent] {
    switch effect {
    case .selectTab(let tab): state.tab = tab
    case .setPath(let path): state.path = path
    case .push(let route): state.path.append(route)
    case .present(let sheet): state.sheet = sheet
    case .setAssistantCreatesReminders(let allowed): state.settings.assistantCreatesReminders = allowed
    case .setAssistantModel(let model): state.assistantModel = model
    case .open(let link):
      state.sheet = nil
      switch link {
      case .message(let id): (state.tab, state.path) = (.messages, [.message(id)])
      case .compose: (state.tab, state.path) = (.messages, [.compose(replyTo: nil)])
      case .assistant: state.tab = .assistant
      case .settings: state.sheet = .settings
      }
    case .popCompose:
      state.sentCount += 1
      if let index = state.path.lastIndex(where: { if case .compose = $0 { true } else { false } }) {
        state.path.removeSubrange(index...)
      }
    }
    return []
  }
}

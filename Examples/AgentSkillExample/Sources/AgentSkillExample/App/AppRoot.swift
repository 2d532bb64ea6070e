import AgentSkill
import AgentSkillAutonomy
import AgentSkillLLM
import AgentSkillList
import Foundation

/// The app: a root agent that owns navigation and preferences, the inbox,
/// one child agent per pushed screen, and the assistant.
///
/// The root's state says where the user is; the children own their data.
/// Pushing a route creates its screen's agent, popping it (the back button,
/// a swipe, a sent message, a deep link elsewhere) releases it and cancels
/// its work. The environment given here — the clock and dependencies — reaches
/// every agent below.
@MainActor
final class AppRoot {
  let agent: Agent<AppState, AppIntent, AppEffect>
  /// The inbox, for the life of the app.
  let inbox: MessageListAgent<Message>
  /// The agents of the pushed screens.
  let screens: AgentChildren<AppRoute, AppScreen>
  /// The assistant tab's chat, one per model: picking another model
  /// releases the conversation and starts a new one.
  let assistants: AgentChildren<AssistantModel, ChatAgent>
  private let assistantRegistry: SkillRegistry

  init(
    server: MessageServer = MessageServer(),
    reminders: any ReminderStore = ReminderSkill.platformStore(),
    drafts: any DraftStore<[String: String]> = AppRoot.draftStore(),
    environment: SkillEnvironment = SkillEnvironment()
  ) {
    agent = Agent(
      context: AppState(assistantModel: AssistantModel.available[0]),
      skills: [
        ClosureIntentSkill("AppDelegateSkill", canHandle: { _ in true }) { intent, _, emit in
          switch intent {
          case .messageSent: emit(.popCompose)
          }
          return .handled
        }
      ],
      reduce: AppEffect.reduce,
      name: "AppAgent",
      environment: environment)
    inbox = Inbox.makeAgent(server: server, environment: environment)
    screens = agent.children(of: \.path) { route, parent in
      switch route {
      case .message(let id):
        let detail = MessageDetailAgent.make(id: id, server: server, environment: parent.environment)
        detail.send(.load)
        return .message(detail)
      case .compose(let replyTo):
        // The draft is kept per reply (and one for a new message) and saved as the user types.
        let draft = ComposeDraft(
          id: replyTo.map { "reply-\($0.uuidString)" } ?? "new-message", store: drafts,
          clock: parent.environment.clock)
        let form = ComposeForm.makeAgent(
          contacts: { try await server.isContact($0) }, environment: parent.environment,
          send: { values in
            try await server.send(values)
            await draft.discard()
            await parent.send(.messageSent)  // delegate intent: the root pops the compose screen
          })
        draft.attach(to: form)
        return .compose(form, draft)
      }
    }
    let registry = AssistantChat.registry(reminders: reminders)
    assistantRegistry = registry
    let chosenModel: @MainActor (AppState) -> [AssistantModel] = { [$0.assistantModel] }
    assistants = agent.children(of: chosenModel) { model, parent in
      AssistantChat.make(registry: registry, environment: parent.environment, preferred: model)
    }
  }

  /// Drafts of messages being written, in Application Support: they survive a relaunch.
  nonisolated static func draftStore() -> FileDraftStore<[String: String]> {
    let support =
      FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return FileDraftStore(directory: support.appending(path: "AgentSkillExample/Drafts", directoryHint: .isDirectory))
  }

  /// The assistant's current conversation.
  var assistant: ChatAgent? { assistants[agent.assistantModel] }

  /// Applies a change of the root's state now (bindings write through here).
  func apply(_ effect: AppEffect) {
    agent.apply(effect)
    if case .setAssistantCreatesReminders(let allowed) = effect {
      // The preference gates the skill: the model is offered it only while it is on.
      do {
        try assistantRegistry.setEnabled(allowed, for: ReminderSkill.skillID)
      } catch {
        assertionFailure("\(error)")  // only if the registry lost the skill: a programming error
      }
    }
  }

  /// Opens a link into the app; returns whether the app handles it.
  @discardableResult
  func open(_ url: URL) -> Bool {
    guard let link = DeepLink(url) else { return false }
    apply(.open(link))
    return true
  }

  /// Whether the assistant's model is offered the reminder skill.
  var assistantMayCreateReminders: Bool { assistantRegistry.isAvailable(ReminderSkill.skillID) }
}

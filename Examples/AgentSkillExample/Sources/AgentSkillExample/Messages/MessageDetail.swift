import AgentSkill
import Foundation

/// A message's screen: the message, loaded from the server when the screen opens.
struct MessageDetail: Equatable, Sendable {
  let id: Message.ID
  var message: Message?
  var failure: String?
}

/// What the message screen does.
enum MessageDetailIntent: Sendable {
  case load
}

/// Every change of the message screen's state.
enum MessageDetailEffect: Equatable, Sendable {
  case show(Message)
  case fail(String)

  @MainActor
  static func reduce(_ detail: inout MessageDetail, _ effect: MessageDetailEffect) -> [MessageDetailIntent] {
    switch effect {
    case .show(let message): (detail.message, detail.failure) = (message, nil)
    case .fail(let failure): detail.failure = failure
    }
    return []
  }
}

typealias MessageDetailAgent = Agent<MessageDetail, MessageDetailIntent, MessageDetailEffect>

extension MessageDetailAgent {
  /// The agent of the message `id`, loading it from `server`.
  static func make(id: Message.ID, server: MessageServer, environment: SkillEnvironment) -> MessageDetailAgent {
    MessageDetailAgent(
      context: MessageDetail(id: id),
      skills: [
        ClosureIntentSkill("LoadMessageSkill", canHandle: { _ in true }) { _, detail, emit in
          emit(.show(try await server.message(detail.id)))
          return .handled
        }
      ],
      reduce: MessageDetailEffect.reduce,
      mapFailure: { error, _ in .fail(error.localizedDescription) },
      name: "MessageDetailAgent",
      environment: environment)
  }
}

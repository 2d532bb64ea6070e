// The app-side types the SwiftUI modules' doc comment examples refer to (a
// message screen, an upload, a forecast, a profile), so .ci/doc-snippets.sh can
// hand every example, as written, to the type-checks (Apple's SDK kit, or the
// SwiftUI shim without it). Never shipped.
import AgentSkill
import AgentSkillList
import AgentSkillUI
import Foundation
import SwiftUI

// MARK: - Messages

struct Message: Identifiable, Hashable, Sendable {
  let id: UUID
  var text: String

  static let samples = [Message(id: UUID(), text: "See you at 3 pm?")]
}

struct MessageContext: Sendable {
  var phase: LoadPhase = .idle
  var messages: [Message] = []
  var unreadCount = 0
}

enum MessageIntent: Sendable {
  case load
  case refresh
  case retry
  case search(String)
}

enum MessageEffect: Sendable {
  case setPhase(LoadPhase)
  case setMessages([Message])
  case appendMessages([Message])
}

typealias MessageAgent = Agent<MessageContext, MessageIntent, MessageEffect>

enum MessageReducer {
  @MainActor static func reduce(_ context: inout MessageContext, _ effect: MessageEffect) -> [MessageIntent] {
    switch effect {
    case .setPhase(let phase): context.phase = phase
    case .setMessages(let messages): context.messages = messages
    case .appendMessages(let messages): context.messages += messages
    }
    return []
  }
}

struct LoadMessagesSkill: IntentSkill {
  var priority: Int { 100 }

  func canHandle(_ intent: MessageIntent) -> Bool {
    if case .load = intent { return true }
    return false
  }

  func handle(_ intent: MessageIntent, context: MessageContext, emit: EffectSink<MessageEffect>) async throws
    -> Handling
  {
    emit(.setMessages(Message.samples))
    return .handled
  }
}

enum MessageAPI {
  @Sendable static func page(_ request: PageRequest) async throws -> Page<Message> {
    Page(items: Message.samples)
  }
}

struct MessageRow: View {
  let message: Message
  var body: some View { Text(message.text) }
}

struct MessageList: View {
  var body: some View { EmptyView() }
}

struct UploadList: View {
  var body: some View { EmptyView() }
}

struct OfflineBanner: View {
  let message: String
  let retry: @MainActor () -> Void
  var body: some View { Button(message, action: retry) }
}

// MARK: - Skills run with a SkillRunner

struct Photo: Hashable, Sendable {}

struct UploadSkill: Skill {
  func run(_ photos: [Photo], context: SkillContext) async throws -> [URL] { [] }
}

struct ForecastRequest: Equatable, Sendable {
  var city: String
  var days: Int
}

struct ForecastSkill: Skill {
  func run(_ request: ForecastRequest, context: SkillContext) async throws -> String { request.city }
}

struct SearchSkill: Skill {
  func run(_ query: String, context: SkillContext) async throws -> [String] { [query] }
}

// MARK: - A custom context with a phase

struct Profile: Sendable {
  var name = ""
}

struct ProfileContext: Sendable {
  var phase: LoadPhase = .idle
  var profile = Profile()
}

enum ProfileIntent: Sendable {
  case reload
}

typealias ProfileAgent = Agent<ProfileContext, ProfileIntent, Never>

struct ProfileCard: View {
  let profile: Profile
  var body: some View { Text(profile.name) }
}

// MARK: - Forms and settings bound to agents

enum SignUpField: String, Hashable, Sendable, Codable {
  case email, password, confirmation, nickname
}

enum Theme: String, CaseIterable, Hashable, Sendable {
  case system, light, dark
}

struct SettingsContext: Equatable, Sendable {
  var name = ""
  var notifications = true
  var theme = Theme.system
}

enum SettingsIntent: Sendable {
  case save
}

enum SettingsEffect: Sendable {
  case setName(String)
  case setNotifications(Bool)
  case setTheme(Theme)
}

// MARK: - Navigation as state

enum InboxRoute: Hashable, Sendable {
  case message(Int)
}

struct ComposeSheet: Identifiable, Hashable, Sendable {
  let id: Int
}

struct InboxNavigation: Sendable {
  var path: [InboxRoute] = []
  var compose: ComposeSheet?
}

enum InboxNavigationIntent: Sendable {
  case open(Int)
}

enum InboxNavigationEffect: Sendable {
  case setPath([InboxRoute])
  case setCompose(ComposeSheet?)
}

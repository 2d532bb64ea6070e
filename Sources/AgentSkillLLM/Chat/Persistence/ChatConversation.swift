import Foundation

/// A ``ChatAgent``'s conversation as a value to save and restore: its
/// messages with their tool calls and results, the turns, a confirmation
/// that waits for the user, and what the conversation spent.
///
/// Save it when the app goes to the background (or after each turn) and
/// restore it at launch: a question that waited for confirmation when the
/// app was killed is asked again, and ``ChatAgent/confirm()`` then runs the
/// call once and lets the model answer.
///
/// ```swift
/// @MainActor
/// func relaunch(model: any LanguageModel, registry: SkillRegistry, store: FileDraftStore<ChatConversation>)
///   async throws -> ChatAgent
/// {
///   let chat = ChatAgent(model: model, registry: registry)
///   if let saved = try await store.load(id: "assistant") { chat.restore(saved) }
///   return chat
/// }
/// ```
///
/// Save again right after ``ChatAgent/confirm()``: a call that was running
/// when the app was killed is cancelled on restore, never run a second time,
/// while one still waiting for its answer is asked again.
///
/// Any ``/AgentSkillAutonomy/DraftStore`` keeps it — ``/AgentSkillAutonomy/FileDraftStore``
/// writes each conversation to a file atomically (``ChatAgent/save(to:id:)``
/// and ``ChatAgent/restore(from:id:)``). It encodes as versioned JSON.
public struct ChatConversation: Sendable, Hashable, Codable {
  /// The format's version, for reading conversations saved by older releases.
  public var version: Int
  /// The conversation, oldest first.
  public var messages: [ChatAgentMessage]
  /// One entry per turn, with what it spent.
  public var turns: [ChatTurnInfo]
  /// The call that waited for the user's consent, if any.
  public var pendingConfirmation: ChatConfirmationRequest?
  /// What the conversation spent.
  public var usage: ChatUsage
  /// The usage of the last model request, for budgets.
  public var lastRequestUsage: TokenUsage?

  /// The version this release writes.
  public static let currentVersion = 1

  /// Creates a conversation.
  ///
  /// - Parameters:
  ///   - messages: The messages.
  ///   - turns: The turns. Defaults to none.
  ///   - pendingConfirmation: The waiting confirmation. Defaults to none.
  ///   - usage: What it spent. Defaults to nothing.
  ///   - lastRequestUsage: The last request's usage. Defaults to none.
  public init(
    messages: [ChatAgentMessage], turns: [ChatTurnInfo] = [], pendingConfirmation: ChatConfirmationRequest? = nil,
    usage: ChatUsage = .zero, lastRequestUsage: TokenUsage? = nil
  ) {
    self.version = Self.currentVersion
    self.messages = messages
    self.turns = turns
    self.pendingConfirmation = pendingConfirmation
    self.usage = usage
    self.lastRequestUsage = lastRequestUsage
  }

  /// The conversation of `context`.
  ///
  /// - Parameter context: A chat agent's context.
  public init(_ context: ChatContext) {
    self.init(
      messages: context.messages, turns: context.turns, pendingConfirmation: context.pendingConfirmation,
      usage: context.conversationUsage, lastRequestUsage: context.lastRequestUsage)
  }

  /// The conversation as it stands after a relaunch: text that was streaming
  /// stops, calls that were running are cancelled (whatever they did is not
  /// done again), and a turn still in progress is kept in progress only when
  /// it waits for the confirmation, which stays pending; otherwise it counts
  /// as cancelled.
  var settled: ChatConversation {
    var settled = self
    let waiting = pendingConfirmation?.callID
    for index in settled.messages.indices {
      settled.messages[index].isStreaming = false
      for call in settled.messages[index].toolCalls.indices {
        let status = settled.messages[index].toolCalls[call].status
        let isWaiting = settled.messages[index].toolCalls[call].id == waiting
        if status == .running || (status == .pending && !isWaiting && waiting == nil) {
          settled.messages[index].toolCalls[call].status = .cancelled
        }
      }
    }
    if let last = settled.turns.indices.last, settled.turns[last].state == .inProgress, waiting == nil {
      settled.turns[last].state = .cancelled
    }
    return settled
  }
}

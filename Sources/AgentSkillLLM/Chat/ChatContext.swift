/// Everything a ``ChatAgent`` shows: the conversation, the phase, a pending
/// confirmation, the last error, and the numbers for the debug panel.
///
/// The context of the agent underneath (``ChatAgent/agent``); only
/// ``ChatReducer`` changes it, one batch of ``ChatEffect``s at a time.
public struct ChatContext: Sendable, Hashable {
  /// What the agent is doing.
  public var phase: ChatPhase
  /// The conversation, oldest first.
  public var messages: [ChatAgentMessage]
  /// The call waiting for the user's consent, if any.
  public var pendingConfirmation: ChatConfirmationRequest?
  /// Why the last turn (or feedback write) failed; cleared when a turn starts.
  public var lastError: ChatAgentError?
  /// One entry per turn: the question and the tools offered.
  public var turns: [ChatTurnInfo]
  /// Per-skill timings, keyed by skill id.
  public var skillTimings: [String: SkillTimingStats]
  /// Tokens spent over every model request that reported usage, since the agent was created.
  public var tokenUsage: TokenUsage
  /// What this conversation spent: tokens, cost and requests since the start or the last ``ChatAgent/clear()``.
  public var conversationUsage: ChatUsage
  /// The usage the last model request reported, if any; the next request's input is at least its input.
  public var lastRequestUsage: TokenUsage?
  /// How many requests were sent to the model.
  public var modelRequests: Int
  /// How many feedback lines were appended to the log.
  public var feedbackReports: Int
  /// The most recent phase changes that were refused (at most ``rejectionLimit``).
  public var rejectedTransitions: [PhaseTransitionRejection]

  /// How many rejected transitions are kept.
  public static let rejectionLimit = 50

  /// An empty conversation, idle.
  public init() {
    self.phase = .idle
    self.messages = []
    self.pendingConfirmation = nil
    self.lastError = nil
    self.turns = []
    self.skillTimings = [:]
    self.tokenUsage = TokenUsage(inputTokens: 0, outputTokens: 0)
    self.conversationUsage = .zero
    self.lastRequestUsage = nil
    self.modelRequests = 0
    self.feedbackReports = 0
    self.rejectedTransitions = []
  }

  /// The position of the message with `id`, searching from the end (where
  /// the current turn's messages are).
  ///
  /// - Parameter id: The message's identity.
  /// - Returns: Its index in ``messages``, or `nil`.
  public func index(of id: ChatAgentMessage.ID) -> Int? {
    messages.lastIndex { $0.id == id }
  }

  /// The messages of `turn`, in order.
  ///
  /// - Parameter turn: The turn's number.
  /// - Returns: Its messages.
  public func messages(inTurn turn: Int) -> [ChatAgentMessage] {
    guard let last = messages.lastIndex(where: { $0.id.turn == turn }) else { return [] }
    var first = last
    while first > 0, messages[first - 1].id.turn == turn { first -= 1 }
    return Array(messages[first...last])
  }

  /// The metrics snapshot for the debug panel.
  public var metrics: ChatAgentMetrics {
    let timings = skillTimings.values.sorted { left, right in
      left.total != right.total ? left.total > right.total : left.skillID < right.skillID
    }
    return ChatAgentMetrics(
      skillTimings: timings, tokenUsage: tokenUsage, modelRequests: modelRequests,
      conversationUsage: conversationUsage, lastTurnUsage: turns.last?.usage)
  }
}

/// What the agent knows about one turn beyond its messages.
public struct ChatTurnInfo: Sendable, Hashable, Codable {
  /// The turn's number.
  public let turn: Int
  /// What the user asked.
  public let question: String
  /// The tools offered to the model for it (empty for plain chat).
  public var offeredTools: [String]
  /// How far the turn got.
  public var state: State
  /// What the turn spent: tokens, cost and model requests.
  public var usage: ChatUsage

  /// How far a turn got.
  public enum State: String, Sendable, Hashable, Codable {
    /// Still running.
    case inProgress
    /// The model answered.
    case answered
    /// It failed; see ``ChatContext/lastError``.
    case failed
    /// It was cancelled, or interrupted by a newer message.
    case cancelled
  }

  /// Creates a turn record.
  ///
  /// - Parameters:
  ///   - turn: The turn's number.
  ///   - question: What the user asked.
  ///   - offeredTools: The tools offered.
  ///   - state: How far it got. Defaults to ``State/inProgress``.
  ///   - usage: What it spent. Defaults to nothing.
  public init(
    turn: Int, question: String, offeredTools: [String] = [], state: State = .inProgress, usage: ChatUsage = .zero
  ) {
    self.turn = turn
    self.question = question
    self.offeredTools = offeredTools
    self.state = state
    self.usage = usage
  }
}

/// How long one skill's calls took in a ``ChatAgent``, aggregated for the
/// debug panel, which shows how many milliseconds each step took.
///
/// ```swift
/// @MainActor
/// func printTimings(of chat: ChatAgent) {
///   for timing in chat.metrics.skillTimings {
///     print(timing.skillID, timing.count, timing.average, timing.maximum)  // weather 3 0.41 s 0.9 s
///   }
/// }
/// ```
public struct SkillTimingStats: Sendable, Hashable, Identifiable {
  /// The skill's id.
  public let skillID: String
  /// How many calls ran (succeeded or failed while running).
  public var count: Int
  /// Their total duration on the agent's clock.
  public var total: Duration
  /// The longest one.
  public var maximum: Duration

  /// Creates statistics.
  ///
  /// - Parameters:
  ///   - skillID: The skill's id.
  ///   - count: How many calls ran.
  ///   - total: Their total duration.
  ///   - maximum: The longest one.
  public init(skillID: String, count: Int = 0, total: Duration = .zero, maximum: Duration = .zero) {
    self.skillID = skillID
    self.count = count
    self.total = total
    self.maximum = maximum
  }

  /// The skill's id.
  public var id: String { skillID }

  /// The mean duration, zero when nothing ran.
  public var average: Duration { count > 0 ? total / count : .zero }

  /// Adds one call's duration.
  ///
  /// - Parameter duration: How long the call ran.
  public mutating func record(_ duration: Duration) {
    count += 1
    total += duration
    if duration > maximum { maximum = duration }
  }
}

/// A snapshot of a ``ChatAgent``'s cost for the debug panel: per-skill
/// timings and token usage across every model request.
public struct ChatAgentMetrics: Sendable, Hashable {
  /// Per-skill timings, slowest total first.
  public var skillTimings: [SkillTimingStats]
  /// Tokens spent, summed over every request that reported usage.
  public var tokenUsage: TokenUsage
  /// How many requests were sent to the model.
  public var modelRequests: Int
  /// What the current conversation spent, with its cost when the agent has prices.
  public var conversationUsage: ChatUsage
  /// What the latest turn spent, if there was one.
  public var lastTurnUsage: ChatUsage?

  /// Creates a snapshot.
  ///
  /// - Parameters:
  ///   - skillTimings: Per-skill timings.
  ///   - tokenUsage: Tokens spent.
  ///   - modelRequests: Requests sent.
  ///   - conversationUsage: What the conversation spent. Defaults to nothing.
  ///   - lastTurnUsage: What the latest turn spent. Defaults to none.
  public init(
    skillTimings: [SkillTimingStats], tokenUsage: TokenUsage, modelRequests: Int, conversationUsage: ChatUsage = .zero,
    lastTurnUsage: ChatUsage? = nil
  ) {
    self.skillTimings = skillTimings
    self.tokenUsage = tokenUsage
    self.modelRequests = modelRequests
    self.conversationUsage = conversationUsage
    self.lastTurnUsage = lastTurnUsage
  }
}

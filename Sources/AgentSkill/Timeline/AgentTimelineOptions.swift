/// How an agent records its ``AgentTimeline``.
///
/// ```swift
/// let recorded = MessageAgent(context: MessageContext(), skills: [LoadMessagesSkill()], reduce: MessageReducer.reduce,
///                             timeline: AgentTimelineOptions(capacity: 5_000, capturesContext: true))
/// let unrecorded = MessageAgent(context: MessageContext(), skills: [LoadMessagesSkill()], reduce: MessageReducer.reduce,
///                               timeline: .disabled)
/// ```
public struct AgentTimelineOptions: Sendable {
  /// How many entries the ring keeps; older ones are evicted. `0` turns recording off.
  public var capacity: Int
  /// Whether the context is captured after every applied batch of effects
  /// (``AgentTimelineEvent/contextChanged(_:)``), and exported as JSON when
  /// the context is `Encodable`.
  ///
  /// Off by default: keeping a snapshot makes the next change to the context
  /// copy its collections, which costs time proportional to the context's size.
  public var capturesContext: Bool
  /// Applied to every text the export writes — descriptions, error
  /// messages, context and effect JSON — so secrets never leave the process.
  public var redact: @Sendable (String) -> String

  /// Creates options.
  ///
  /// - Parameters:
  ///   - capacity: Entries kept in the ring; `0` turns recording off. Defaults to 1,000.
  ///   - capturesContext: Whether to capture the context after every applied batch. Defaults to `false`.
  ///   - redact: Cleans every exported text. Defaults to ``SecretRedactor/redact(_:extraSecrets:)``.
  public init(
    capacity: Int = 1_000,
    capturesContext: Bool = false,
    redact: @escaping @Sendable (String) -> String = { SecretRedactor.redact($0) }
  ) {
    self.capacity = max(capacity, 0)
    self.capturesContext = capturesContext
    self.redact = redact
  }

  /// No recording at all; the agent pays nothing for the timeline.
  public static var disabled: AgentTimelineOptions { AgentTimelineOptions(capacity: 0) }
}

/// How an agent records its ``AgentTimeline``.
///
/// Agents use ``automatic`` unless told otherwise: recording in debug
/// builds, off in release builds. Pass options to record in every build,
/// to keep more, or to turn recording off:
///
/// ```swift
/// let recorded = MessageAgent(context: MessageContext(), skills: [LoadMessagesSkill()], reduce: MessageReducer.reduce,
///                             timeline: AgentTimelineOptions(capacity: 5_000, byteBudget: 1 << 20, capturesContext: true))
/// let unrecorded = MessageAgent(context: MessageContext(), skills: [LoadMessagesSkill()], reduce: MessageReducer.reduce,
///                               timeline: .disabled)
/// ```
public struct AgentTimelineOptions: Sendable {
  /// The byte budget of ``init(capacity:byteBudget:capturesContext:redact:)``: 256 KiB per agent.
  package static let defaultByteBudget = 256 * 1024

  /// How many entries the ring keeps; older ones are evicted. `0` turns recording off.
  public var capacity: Int
  /// How much memory the recorded entries may hold, estimated in bytes;
  /// the oldest entries are evicted to stay within it, and the newest entry
  /// is always kept. `Int.max` leaves only ``capacity`` as the bound.
  ///
  /// Each entry is measured once, when it is recorded:
  /// - its inline size (`MemoryLayout` of the entry and its bookkeeping);
  /// - the heap storage of its intent, effect or context snapshot when their
  ///   type adopts ``TimelineSizeEstimating``, is a `String` or is a
  ///   collection (``TimelineSizeEstimate/heapBytes(of:)``: text length,
  ///   `count × stride` plus the elements' own text and arrays, sampled from
  ///   the first element). The list feature's `ListIntent`, `ListEffect`
  ///   and `ListContext` adopt it;
  /// - the text and errors an event carries (reasons, skill lists).
  ///
  /// Payloads of other types count their inline size only: reflecting on
  /// every recorded value would cost microseconds per entry. Adopt
  /// ``TimelineSizeEstimating`` for intents and effects that carry pages,
  /// text or other large values. Storage shared with the context (the last
  /// page, also on screen) is counted too, so the estimate errs high there.
  public var byteBudget: Int
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

  /// Creates options that record, in every build.
  ///
  /// - Parameters:
  ///   - capacity: Entries kept in the ring; `0` turns recording off. Defaults to 1,000.
  ///   - byteBudget: Estimated bytes the entries may hold. Defaults to
  ///     256 KiB.
  ///   - capturesContext: Whether to capture the context after every applied batch. Defaults to `false`.
  ///   - redact: Cleans every exported text. Defaults to ``SecretRedactor/redact(_:extraSecrets:)``.
  public init(
    capacity: Int = 1_000,
    byteBudget: Int = 256 * 1024,
    capturesContext: Bool = false,
    redact: @escaping @Sendable (String) -> String = { SecretRedactor.redact($0) }
  ) {
    self.capacity = max(capacity, 0)
    self.byteBudget = max(byteBudget, 0)
    self.capturesContext = capturesContext
    self.redact = redact
  }

  /// No recording at all; the agent pays nothing for the timeline.
  public static var disabled: AgentTimelineOptions { AgentTimelineOptions(capacity: 0) }

  /// What agents use unless told otherwise: the default recording options
  /// (1,000 entries, 256 KiB) in debug builds, ``disabled`` in release
  /// builds, so a shipped app keeps no history of what its users did.
  ///
  /// Debug and release are those of the AgentSkill module, which SwiftPM and
  /// Xcode build in the app's configuration.
  public static var automatic: AgentTimelineOptions { automatic(debugBuild: BuildConfiguration.isDebug) }

  /// ``automatic`` for a build configuration.
  ///
  /// - Parameter debugBuild: Whether the build sets `DEBUG`.
  /// - Returns: Recording options for a debug build, ``disabled`` for a release build.
  package static func automatic(debugBuild: Bool) -> AgentTimelineOptions {
    debugBuild ? AgentTimelineOptions() : .disabled
  }
}

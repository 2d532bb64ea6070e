import Foundation
import Observation

/// The bounded record of what an ``Agent`` did: intents, routing, skill
/// runs with durations, effects applied and dropped, follow-ups and —
/// optionally — the context after every batch.
///
/// ```swift
/// let agent = MessageAgent(context: MessageContext(), skills: [LoadMessagesSkill()], reduce: MessageReducer.reduce)
/// await agent.send(.load).finish()
/// for entry in agent.timeline.entries {
///   if case .skillFinished(let skill, let duration) = entry.event { print(skill, duration) }
/// }
/// let json = try agent.exportTimeline().jsonData()          // share with a colleague
/// let replayed = try agent.timeline.replay(from: MessageContext(), reduce: MessageReducer.reduce)
/// ```
///
/// Recording stores typed values in a ring of ``AgentTimelineOptions/capacity``
/// entries (1,000 by default); text is rendered only on export, and every
/// exported text passes through ``AgentTimelineOptions/redact``. With a
/// capacity of `0` nothing is recorded or measured.
///
/// The timeline is observable through ``revision``, which changes at most once
/// per main-actor turn of the agent, so a debug panel can refresh without the
/// agent's context observers being notified.
@MainActor
public final class AgentTimeline<Context: Sendable, Intent: Sendable, Effect: Sendable>: Observable {
  /// A recorded entry.
  public typealias Entry = AgentTimelineEntry<Context, Intent, Effect>

  /// How the timeline records.
  public nonisolated let options: AgentTimelineOptions
  /// Whether anything is recorded (the capacity is above zero).
  public nonisolated let isEnabled: Bool
  /// The recording agent's log tag, such as `MessageAgent-8a2b`.
  public nonisolated let agentTag: String
  /// The wall-clock time the timeline started, for the export's header.
  public nonisolated let startedAt: Date
  /// The context the agent started with, kept (when recording) for export and replay.
  public let initialContext: Context?

  /// Time since the timeline started on the agent's clock.
  nonisolated let elapsed: @Sendable () -> Duration

  private var ring: [Entry] = []
  /// Whether each slot of `ring` holds an applied effect, so that evicting
  /// an entry counts effects without reading (and copying) the entry.
  private var effectSlots: [Bool] = []
  private var head = 0
  private var nextSequence = 1
  private var dirty = false
  private var turnOffset: Duration?
  private var revisionStorage: UInt64 = 0
  private let registrar = ObservationRegistrar()
  /// `\.revision`, built once (key paths into generic classes are otherwise
  /// built on every use).
  private let revisionKeyPath = \AgentTimeline.revision

  /// How many entries were evicted from the ring because it was full.
  public private(set) var evictedCount = 0
  /// How many evicted entries were applied effects (replay needs them all).
  public private(set) var evictedEffectCount = 0

  init(
    options: AgentTimelineOptions, agentTag: String, initialContext: Context,
    elapsed: @escaping @Sendable () -> Duration
  ) {
    self.options = options
    self.isEnabled = options.capacity > 0
    self.agentTag = agentTag
    self.startedAt = Date()
    self.elapsed = elapsed
    self.initialContext = options.capacity > 0 ? initialContext : nil
  }

  /// Changes whenever entries were recorded; reading it (or ``entries``)
  /// inside an observation scope makes the scope depend on the timeline.
  public var revision: UInt64 {
    registrar.access(self, keyPath: revisionKeyPath)
    return revisionStorage
  }

  /// The entries in the ring, oldest first.
  public var entries: [Entry] {
    registrar.access(self, keyPath: revisionKeyPath)
    guard ring.count == options.capacity, head > 0 else { return ring }
    return Array(ring[head...] + ring[..<head])
  }

  /// The number of entries in the ring.
  public var count: Int {
    registrar.access(self, keyPath: revisionKeyPath)
    return ring.count
  }

  /// Appends an entry; the caller checks ``isEnabled`` first.
  ///
  /// The event is an autoclosure so that building it — which looks up the
  /// event type's generic metadata — stays out of the caller's code path
  /// when the timeline is off.
  func record(_ event: @autoclosure () -> AgentTimelineEvent<Context, Intent, Effect>, run: UInt64?) {
    guard isEnabled else { return }
    let entry = Entry(
      sequence: nextSequence, offset: now, run: run.map { Int(truncatingIfNeeded: $0) }, event: event())
    let isEffect: Bool
    if case .effectApplied = entry.event { isEffect = true } else { isEffect = false }
    nextSequence += 1
    dirty = true
    if ring.count < options.capacity {
      if ring.isEmpty {
        ring.reserveCapacity(min(options.capacity, 256))
        effectSlots.reserveCapacity(min(options.capacity, 256))
      }
      ring.append(entry)
      effectSlots.append(isEffect)
      return
    }
    if effectSlots[head] { evictedEffectCount += 1 }
    ring[head] = entry
    effectSlots[head] = isEffect
    head += 1
    if head == options.capacity { head = 0 }
    evictedCount += 1
  }

  /// The time of the current main-actor turn: read from the clock once per
  /// turn, so every entry recorded in one turn shares one timestamp.
  var now: Duration {
    if let turnOffset { return turnOffset }
    let offset = elapsed()
    turnOffset = offset
    return offset
  }

  /// Ends the current turn: notifies observers once if anything was recorded.
  func publish() {
    turnOffset = nil
    guard dirty else { return }
    dirty = false
    registrar.willSet(self, keyPath: revisionKeyPath)
    revisionStorage &+= 1
    registrar.didSet(self, keyPath: revisionKeyPath)
  }
}

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
/// Agents record by default in debug builds only
/// (``AgentTimelineOptions/automatic``). Recording stores typed values in a
/// ring bounded twice: by ``AgentTimelineOptions/capacity`` entries (1,000
/// by default) and by ``AgentTimelineOptions/byteBudget`` estimated bytes
/// (256 KiB by default, see ``estimatedBytes``); the oldest entries are
/// evicted first. Text is rendered only on export, and every exported text
/// passes through ``AgentTimelineOptions/redact``. With a capacity of `0`
/// nothing is recorded or measured.
///
/// The timeline is observable through ``revision``, which changes at most once
/// per main-actor turn of the agent, so a debug panel can refresh without the
/// agent's context observers being notified.
@MainActor
public final class AgentTimeline<Context: Sendable, Intent: Sendable, Effect: Sendable>: Observable {
  /// A recorded entry.
  public typealias Entry = AgentTimelineEntry<Context, Intent, Effect>

  /// How the timeline records.
  package nonisolated let options: AgentTimelineOptions
  /// Whether anything is recorded (the capacity is above zero).
  public nonisolated let isEnabled: Bool
  /// The recording agent's log tag, such as `MessageAgent-8a2b`.
  public nonisolated let agentTag: String
  /// The wall-clock time the timeline started, for the export's header.
  package nonisolated let startedAt: Date
  /// The context the agent started with, kept (when recording) for export and replay.
  package let initialContext: Context?

  /// Time since the timeline started on the agent's clock.
  nonisolated let elapsed: @Sendable () -> Duration

  /// The entries, a circular buffer laid out as `bookkeeping` says: the
  /// oldest at its `head`, its `count` of them in order from there. Slots
  /// outside that run hold a payload-free placeholder (``vacantEntry``), so
  /// that an evicted entry's payload is released at once. The buffer
  /// doubles up to the capacity as it fills.
  private var ring: [Entry] = []
  /// Each slot's estimated bytes and whether it holds an applied effect,
  /// and the eviction counts: evicting an entry needs neither to read (and
  /// copy) the entry nor to measure it again.
  private var bookkeeping: TimelineRing
  private var nextSequence = 1
  private var dirty = false
  private var turnOffset: Duration?
  private var revisionStorage: UInt64 = 0
  private let registrar = ObservationRegistrar()
  /// `\.revision`, built once (key paths into generic classes are otherwise
  /// built on every use).
  private let revisionKeyPath = \AgentTimeline.revision
  /// How the payload types are measured, decided once (a dynamic cast per
  /// recorded value would cost more than recording it).
  private let sizing: TimelineEntrySizing

  /// How many entries were evicted from the ring to stay within
  /// ``AgentTimelineOptions/capacity`` and ``AgentTimelineOptions/byteBudget``.
  public var evictedCount: Int { bookkeeping.evictedCount }
  /// How many evicted entries were applied effects (replay needs them all).
  package var evictedEffectCount: Int { bookkeeping.evictedEffectCount }
  /// The estimated memory the recorded entries hold, in bytes: at most
  /// ``AgentTimelineOptions/byteBudget``, unless the newest entry alone is
  /// larger (the newest entry is always kept). See
  /// ``AgentTimelineOptions/byteBudget`` for how entries are measured.
  public var estimatedBytes: Int { bookkeeping.estimatedBytes }

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
    self.bookkeeping = TimelineRing(capacity: options.capacity, byteBudget: options.byteBudget)
    self.sizing =
      options.capacity > 0
      ? TimelineEntrySizing(
        entryBytes: MemoryLayout<Entry>.stride + MemoryLayout<TimelineRing.Slot>.stride, context: Context.self,
        intent: Intent.self, effect: Effect.self) : .unmeasured
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
    let head = bookkeeping.head
    let end = head + bookkeeping.count
    if end <= ring.count { return head == 0 && end == ring.count ? ring : Array(ring[head..<end]) }
    return Array(ring[head...] + ring[..<(end - ring.count)])
  }

  /// The number of entries in the ring.
  public var count: Int {
    registrar.access(self, keyPath: revisionKeyPath)
    return bookkeeping.count
  }

  /// Appends an entry, evicting the oldest ones while the ring is full or
  /// over its byte budget; the caller checks ``isEnabled`` first.
  ///
  /// The event is an autoclosure so that building it — which looks up the
  /// event type's generic metadata — stays out of the caller's code path
  /// when the timeline is off.
  func record(_ event: @autoclosure () -> AgentTimelineEvent<Context, Intent, Effect>, run: UInt64?) {
    guard isEnabled else { return }
    let entry = Entry(
      sequence: nextSequence, offset: now, run: run.map { Int(truncatingIfNeeded: $0) }, event: event())
    let (bytes, isEffect) = sizing.measure(entry.event)
    nextSequence += 1
    dirty = true
    let insertion = bookkeeping.insert(bytes: bytes, isEffect: isEffect)
    if let growth = insertion.growth { grow(to: growth.count, oldHead: growth.oldHead) }
    if insertion.clearCount > 0 { clear(from: insertion.clearStart, count: insertion.clearCount) }
    ring[insertion.slot] = entry
  }

  /// Lays the entries out again from slot 0 in `count` slots, as the
  /// bookkeeping did.
  private func grow(to count: Int, oldHead: Int) {
    let vacant = vacantEntry
    if oldHead == 0 {
      ring.append(contentsOf: repeatElement(vacant, count: count - ring.count))
      return
    }
    var laidOut: [Entry] = []
    laidOut.reserveCapacity(count)
    laidOut.append(contentsOf: ring[oldHead...])
    laidOut.append(contentsOf: ring[..<oldHead])
    laidOut.append(contentsOf: repeatElement(vacant, count: count - ring.count))
    ring = laidOut
  }

  /// Releases the payloads of evicted entries.
  private func clear(from start: Int, count: Int) {
    let vacant = vacantEntry
    var index = start
    for _ in 0..<count {
      ring[index] = vacant
      index += 1
      if index == ring.count { index = 0 }
    }
  }

  /// What fills a slot that holds no entry: an entry without payload.
  private var vacantEntry: Entry { Entry(sequence: 0, offset: .zero, run: nil, event: .skillStarted("")) }

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

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

  /// The entries, a circular buffer: the oldest at `head`, `liveCount` of
  /// them in order from there. Evicted slots hold `nil`, so that an evicted
  /// entry's payload is released at once. The buffer doubles up to the
  /// capacity as it fills.
  private var ring: [Entry?] = []
  /// Each slot's estimated bytes and whether it holds an applied effect,
  /// so that evicting an entry needs neither to read (and copy) the entry
  /// nor to measure it again.
  private var slots: [Slot] = []
  private var head = 0
  private var liveCount = 0
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
  private let sizing: TimelineEntrySizing<Context, Intent, Effect>

  /// How many entries were evicted from the ring to stay within
  /// ``AgentTimelineOptions/capacity`` and ``AgentTimelineOptions/byteBudget``.
  public private(set) var evictedCount = 0
  /// How many evicted entries were applied effects (replay needs them all).
  public private(set) var evictedEffectCount = 0
  /// The estimated memory the recorded entries hold, in bytes: at most
  /// ``AgentTimelineOptions/byteBudget``, unless the newest entry alone is
  /// larger (the newest entry is always kept). See
  /// ``AgentTimelineOptions/byteBudget`` for how entries are measured.
  public private(set) var estimatedBytes = 0

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
    self.sizing =
      options.capacity > 0
      ? TimelineEntrySizing(entryBytes: MemoryLayout<Entry?>.stride + MemoryLayout<Slot>.stride) : .unmeasured
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
    var result: [Entry] = []
    result.reserveCapacity(liveCount)
    var index = head
    for _ in 0..<liveCount {
      if let entry = ring[index] { result.append(entry) }
      index += 1
      if index == ring.count { index = 0 }
    }
    return result
  }

  /// The number of entries in the ring.
  public var count: Int {
    registrar.access(self, keyPath: revisionKeyPath)
    return liveCount
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
    let isEffect: Bool
    if case .effectApplied = entry.event { isEffect = true } else { isEffect = false }
    let bytes = sizing.estimatedBytes(of: entry.event)
    nextSequence += 1
    dirty = true
    while liveCount > 0, liveCount == options.capacity || estimatedBytes + bytes > options.byteBudget {
      evictOldest()
    }
    if liveCount == ring.count { grow() }
    var tail = head + liveCount
    if tail >= ring.count { tail -= ring.count }
    ring[tail] = entry
    slots[tail] = Slot(bytes: bytes, isEffect: isEffect)
    liveCount += 1
    estimatedBytes += bytes
  }

  private func evictOldest() {
    let slot = slots[head]
    ring[head] = nil
    estimatedBytes -= slot.bytes
    if slot.isEffect { evictedEffectCount += 1 }
    evictedCount += 1
    liveCount -= 1
    head += 1
    if head == ring.count { head = 0 }
  }

  /// Doubles the buffer (up to the capacity), laying the entries out from
  /// slot 0; called when every slot is taken and the capacity allows more.
  private func grow() {
    let newCount = min(max(ring.count * 2, 16), options.capacity)
    if head == 0 {
      ring.append(contentsOf: repeatElement(nil, count: newCount - ring.count))
      slots.append(contentsOf: repeatElement(Slot(bytes: 0, isEffect: false), count: newCount - slots.count))
      return
    }
    var newRing: [Entry?] = []
    newRing.reserveCapacity(newCount)
    newRing.append(contentsOf: ring[head...])
    newRing.append(contentsOf: ring[..<head])
    newRing.append(contentsOf: repeatElement(nil, count: newCount - ring.count))
    var newSlots: [Slot] = []
    newSlots.reserveCapacity(newCount)
    newSlots.append(contentsOf: slots[head...])
    newSlots.append(contentsOf: slots[..<head])
    newSlots.append(contentsOf: repeatElement(Slot(bytes: 0, isEffect: false), count: newCount - slots.count))
    ring = newRing
    slots = newSlots
    head = 0
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

/// What the timeline keeps about a slot besides its entry.
private struct Slot {
  /// The entry's estimated bytes.
  var bytes: Int
  /// Whether the entry is an applied effect.
  var isEffect: Bool
}

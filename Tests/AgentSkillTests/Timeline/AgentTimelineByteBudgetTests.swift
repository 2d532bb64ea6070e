import AgentSkillTesting
import Foundation
import Testing

@testable import AgentSkill
@testable import AgentSkillList

/// Something an effect holds, to see when the timeline lets go of it.
private final class Payload: Sendable {}

/// An effect that says how many heap bytes it holds.
private struct SizedEffect: Sendable, TimelineSizeEstimating {
  var bytes: Int
  var payload: Payload?
  var estimatedHeapBytes: Int { bytes }

  init(bytes: Int, payload: Payload? = nil) {
    self.bytes = bytes
    self.payload = payload
  }
}

/// A row of the list screens below: an identifier and two texts too long to
/// be stored inline.
private struct Row: Identifiable, Hashable, Sendable {
  var id: Int
  var title: String
  var subtitle: String
}

/// A weak reference to a payload.
private struct WeakPayload {
  weak var payload: Payload?

  init(_ payload: Payload) { self.payload = payload }
}

@MainActor
@Suite("Agent timeline byte budget", .timeLimit(.minutes(5)))
struct AgentTimelineByteBudgetTests {
  private typealias SizedTimeline = AgentTimeline<Int, Int, SizedEffect>

  private func timeline(capacity: Int, byteBudget: Int) -> SizedTimeline {
    SizedTimeline(
      options: AgentTimelineOptions(capacity: capacity, byteBudget: byteBudget), agentTag: "Sized-0000",
      initialContext: 0, elapsed: { .zero })
  }

  /// The bytes one entry costs without payload, read from a timeline that holds one such entry.
  private func entryBytes() -> Int {
    let probe = timeline(capacity: 10, byteBudget: .max)
    probe.record(.skillStarted("Probe"), run: nil)
    return probe.estimatedBytes
  }

  @Test func theRingMatchesAModelOfCapacityAndByteEvictionOverThousandsOfEntries() async {
    let base = entryBytes()
    #expect(base > 0)
    let capacity = 40
    let budget = 20 * base + 6_000
    let recorded = timeline(capacity: capacity, byteBudget: budget)
    // The model: the live entries as (sequence, bytes, isEffect), oldest first.
    var model: [(sequence: Int, bytes: Int, isEffect: Bool)] = []
    var evicted = 0
    var evictedEffects = 0
    var random: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((random >> 33) % UInt64(bound))
    }
    for sequence in 1...3_000 {
      let isEffect = next(3) != 0
      // Mostly small entries, now and then one that pushes many out, rarely one beyond the budget.
      let heap: Int
      switch next(20) {
      case 0: heap = budget + 1_000
      case 1, 2, 3: heap = 2_000 + next(3_000)
      default: heap = next(200)
      }
      if isEffect {
        recorded.record(.effectApplied(SizedEffect(bytes: heap)), run: UInt64(sequence))
      } else {
        recorded.record(.skillStarted("Skill"), run: UInt64(sequence))
      }
      let bytes = base + (isEffect ? heap : 0)
      while !model.isEmpty, model.count == capacity || model.reduce(0, { $0 + $1.bytes }) + bytes > budget {
        let oldest = model.removeFirst()
        evicted += 1
        if oldest.isEffect { evictedEffects += 1 }
      }
      model.append((sequence, bytes, isEffect))

      let modelBytes = model.reduce(0) { $0 + $1.bytes }
      // Checked on every entry, recorded as issues only when something differs: thousands of expectations would
      // keep the main actor (which the timeline needs) from every other test for seconds.
      let agrees =
        recorded.entries.map(\.sequence) == model.map(\.sequence) && recorded.count == model.count
        && recorded.estimatedBytes == modelBytes && (recorded.estimatedBytes <= budget || recorded.count == 1)
        && recorded.evictedCount == evicted && recorded.evictedEffectCount == evictedEffects
      if !agrees {
        #expect(recorded.entries.map(\.sequence) == model.map(\.sequence), "after entry \(sequence)")
        #expect(recorded.count == model.count)
        #expect(recorded.estimatedBytes == modelBytes)
        #expect(recorded.estimatedBytes <= budget || recorded.count == 1, "only a lone newest entry may exceed it")
        #expect(recorded.evictedCount == evicted)
        #expect(recorded.evictedEffectCount == evictedEffects)
        return
      }
      if sequence % 100 == 0 { await Task.yield() }  // let the other main-actor tests run
    }
    #expect(evicted > 2_900)
    #expect(evictedEffects > 1_500)
  }

  @Test func theNewestEntryIsKeptEvenWhenItAloneExceedsTheBudget() {
    let recorded = timeline(capacity: 100, byteBudget: 1_000)
    recorded.record(.skillStarted("A"), run: nil)
    recorded.record(.effectApplied(SizedEffect(bytes: 5_000)), run: 1)
    #expect(recorded.count == 1)
    #expect(recorded.evictedCount == 1)
    #expect(recorded.evictedEffectCount == 0)
    #expect(recorded.estimatedBytes > 5_000)
    recorded.record(.skillStarted("B"), run: nil)
    #expect(recorded.entries.map(\.sequence) == [3])
    #expect(recorded.evictedEffectCount == 1)
    #expect(recorded.estimatedBytes < 1_000)
  }

  @Test func evictedEntriesReleaseTheirPayloadsAtOnce() {
    let recorded = timeline(capacity: 100, byteBudget: 10_000)
    weak var first: Payload?
    do {
      let payload = Payload()
      first = payload
      recorded.record(.effectApplied(SizedEffect(bytes: 6_000, payload: payload)), run: 1)
    }
    #expect(first != nil)
    recorded.record(.effectApplied(SizedEffect(bytes: 6_000)), run: 2)
    #expect(first == nil, "evicted for the byte budget, its slot left empty")

    // Sixteen entries fill the ring's first sixteen slots; one too large for
    // the budget evicts them all: fifteen slots are cleared, one reused.
    let full = timeline(capacity: 100, byteBudget: 100_000)
    var payloads: [Payload] = (0..<16).map { _ in Payload() }
    let watched = payloads.map { WeakPayload($0) }
    for (run, payload) in payloads.enumerated() {
      full.record(.effectApplied(SizedEffect(bytes: 100, payload: payload)), run: UInt64(run))
    }
    payloads.removeAll()
    #expect(watched.allSatisfy { $0.payload != nil })
    full.record(.effectApplied(SizedEffect(bytes: 200_000)), run: 99)
    #expect(full.count == 1)
    #expect(full.evictedEffectCount == 16)
    #expect(watched.allSatisfy { $0.payload == nil })

    // At its capacity, the oldest entry's slot takes the new entry.
    let bounded = timeline(capacity: 3, byteBudget: .max)
    weak var oldest: Payload?
    do {
      let payload = Payload()
      oldest = payload
      bounded.record(.effectApplied(SizedEffect(bytes: 0, payload: payload)), run: 1)
    }
    for run in 2...4 { bounded.record(.effectApplied(SizedEffect(bytes: 0)), run: UInt64(run)) }
    #expect(oldest == nil)
    #expect(bounded.entries.map(\.sequence) == [2, 3, 4])
  }

  @Test func aByteBudgetOfIntMaxLeavesTheCapacityAsTheOnlyBound() {
    let recorded = timeline(capacity: 5, byteBudget: .max)
    for run in 1...8 { recorded.record(.effectApplied(SizedEffect(bytes: 1 << 30)), run: UInt64(run)) }
    #expect(recorded.entries.map(\.sequence) == [4, 5, 6, 7, 8])
    #expect(recorded.evictedEffectCount == 3)
  }

  /// A list agent whose pages hold 100 rows with fresh texts on every load,
  /// counting the effects its reducer applies.
  private func listAgent(timeline: AgentTimelineOptions, applied: LockIsolated<Int>) -> ListAgent<Row> {
    let loads = LockIsolated(0)
    let load = ListLoadSkill<Row> { _ in
      let round = loads.withValue {
        $0 += 1
        return $0
      }
      let rows = (0..<100).map {
        Row(id: $0, title: "Row \($0) of load number \(round)", subtitle: "Loaded from the server in round \(round)")
      }
      return Page(items: rows)
    }
    return ListAgent<Row>(
      context: ListContext(), skills: [load],
      reduce: { context, effect in
        applied.withValue { $0 += 1 }
        return ListReducer.reduce(&context, effect)
      },
      timeline: timeline)
  }

  @Test func listScreensLoadingHundredRowPagesStayWithinTheBudgetAndReplayReportsTheEvictedEffects() async throws {
    let budget = 64 * 1_024
    let applied = LockIsolated(0)
    let agent = listAgent(timeline: AgentTimelineOptions(byteBudget: budget), applied: applied)
    var highest = 0
    for _ in 0..<12 {
      await agent.send(.refresh).finish()
      highest = max(highest, agent.timeline.estimatedBytes)
    }
    #expect(agent.context.items.count == 100)
    #expect(highest <= budget)
    #expect(agent.timeline.estimatedBytes > budget / 2)
    #expect(agent.timeline.evictedCount > 0)

    // A page of 100 rows is estimated at no less than its array and its texts.
    let page = try #require(
      agent.timeline.entries.lazy.compactMap { entry -> [Row]? in
        if case .effectApplied(.replaceItems(let rows, _)) = entry.event { rows } else { nil }
      }.first)
    let pageBytes = TimelineSizeEstimate.heapBytes(of: page)
    #expect(pageBytes >= 100 * (MemoryLayout<Row>.stride + 2 * 32 + 20 + 30 + 2 * 8))
    #expect(pageBytes < 100 * 400)

    // Every applied effect is in the ring or was counted as evicted.
    let inRing = agent.timeline.entries.count { if case .effectApplied = $0.event { true } else { false } }
    #expect(agent.timeline.evictedEffectCount == applied.value - inRing)
    #expect(agent.timeline.evictedEffectCount > 0)
    #expect(throws: AgentTimelineError.historyTruncated(evictedEffects: agent.timeline.evictedEffectCount)) {
      _ = try agent.timeline.replay(from: ListContext(), reduce: ListReducer.reduce)
    }
    #expect(agent.exportTimeline().evictedEffects == agent.timeline.evictedEffectCount)

    // Without a byte budget the same loads keep every entry (12 pages).
    let unboundedApplied = LockIsolated(0)
    let unbounded = listAgent(timeline: AgentTimelineOptions(byteBudget: .max), applied: unboundedApplied)
    for _ in 0..<12 { await unbounded.send(.refresh).finish() }
    #expect(unbounded.timeline.evictedCount == 0)
    #expect(unbounded.timeline.estimatedBytes > 12 * pageBytes)
    let replayed = try unbounded.timeline.replay(from: ListContext(), reduce: ListReducer.reduce)
    #expect(replayed.items == unbounded.context.items)
  }

  @Test func theDefaultBudgetIs256KiBAndNegativeBudgetsAreZero() {
    #expect(AgentTimelineOptions().byteBudget == 256 * 1_024)
    #expect(AgentTimelineOptions.defaultByteBudget == 262_144)
    #expect(AgentTimelineOptions(byteBudget: -5).byteBudget == 0)
  }

  @Test func agentsRecordByDefaultInDebugBuildsOnly() {
    #expect(AgentTimelineOptions.automatic(debugBuild: false).capacity == 0)
    let debug = AgentTimelineOptions.automatic(debugBuild: true)
    #expect(debug.capacity == 1_000)
    #expect(debug.byteBudget == AgentTimelineOptions.defaultByteBudget)
    #expect(!debug.capturesContext)
    // Tests are debug builds: the default records.
    #expect(AgentTimelineOptions.automatic.capacity == 1_000)
    let agent = ListAgent<Row>(list: ListContext(), skills: [])
    #expect(agent.timeline.isEnabled)
    #expect(agent.timeline.options.byteBudget == AgentTimelineOptions.defaultByteBudget)
  }
}

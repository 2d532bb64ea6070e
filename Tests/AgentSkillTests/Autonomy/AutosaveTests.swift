import AgentSkillTesting
import Testing

@testable import AgentSkill
@testable import AgentSkillAutonomy

@MainActor
private final class EditorSettings {
  var isInFocusMode = false
  var autosaveEnabled = true
  var text = ""
}

/// An autosave on a `TestClock` checking every 5 s, with switchable
/// network and focus mode, recording when saves happen.
private final class AutosaveHarness: Sendable {
  let clock = TestClock()
  let online = LockIsolated(true)
  let saves = Recorder<Duration>()
  let events = Recorder<PollerEvent>()
  let failures = LockIsolated(0)
  let autosave: Autosave

  init(
    focusMode: (any RunCondition)? = nil,
    extra: [any RunCondition] = [],
    failingSaves: Int = 0
  ) {
    let clock = self.clock
    let saves = self.saves
    let online = self.online
    let failures = self.failures
    let events = self.events
    failures.setValue(failingSaves)
    autosave = Autosave(
      saving: ClosureSkill<Void, Void>("SaveDraftSkill") { _, _ in
        let shouldFail = failures.withValue { remaining -> Bool in
          guard remaining > 0 else { return false }
          remaining -= 1
          return true
        }
        if shouldFail { throw TestFailure("save failed") }
        saves.append(clock.offset)
      },
      online: .predicate("online") { online.value },
      focusMode: focusMode,
      alsoRequiring: extra,
      environment: SkillEnvironment(clock: clock),
      onEvent: { events.append($0) }
    )
  }

  /// The tick that happens at `time` (ticks at 0, 5, 10 … s are 1, 2, 3 …).
  static func tick(at time: Duration) -> Int { Int(time / .seconds(5)) + 1 }

  /// Starts the autosave and waits for its first tick (t = 0).
  func start() async -> PollerEvent? {
    autosave.start()
    return await events.outcome(ofTick: 1)
  }

  /// Moves the clock tick by tick up to `time`, returning each tick's outcome.
  @discardableResult
  func advance(to time: Duration) async -> [PollerEvent] {
    var outcomes: [PollerEvent] = []
    while clock.offset < time {
      let nextTick = Self.tick(at: clock.offset) + 1
      await clock.waitForSleepers(1)
      await clock.advance(to: TestClock.Instant(offset: .seconds(5 * (nextTick - 1))))
      if let outcome = await events.outcome(ofTick: nextTick) {
        outcomes.append(outcome)
      }
    }
    return outcomes
  }
}

@Suite("Autosave", .timeLimit(.minutes(5)))
struct AutosaveTests {
  @Test("the condition reads as the recipe")
  func conditionDescription() {
    let harness = AutosaveHarness(focusMode: .predicate("focus mode") { false })
    #expect(
      harness.autosave.condition.description
        == "unsaved edits ∧ last edit ≥ 30 s ago ∧ online ∧ ¬focus mode ∧ last save ≥ 60 s ago"
    )
    harness.autosave.stop()
  }

  @Test("an edit at 0 s is saved at the first tick at or after 30 s, not before")
  func savesAfterQuietPeriod() async throws {
    let harness = AutosaveHarness()
    harness.autosave.recordEdit()
    let first = try #require(await harness.start())
    #expect(first.skipReason?.description == "conditions not met: last edit ≥ 30 s ago")

    let quiet = await harness.advance(to: .seconds(25))
    #expect(quiet.map(\.label) == Array(repeating: "skipped", count: 5))
    #expect(harness.saves.count == 0)

    let save = await harness.advance(to: .seconds(30))
    #expect(save.map(\.label) == ["succeeded"])
    #expect(harness.saves.values == [.seconds(30)])
    #expect(!harness.autosave.hasUnsavedEdits)

    let after = await harness.advance(to: .seconds(60))
    #expect(
      after.allSatisfy {
        $0.skipReason?.description == "conditions not met: unsaved edits, last save ≥ 60 s ago"
      }
    )
    #expect(harness.saves.values == [.seconds(30)])
    harness.autosave.stop()
  }

  @Test("no save while offline; saved at the first tick back online")
  func waitsWhileOffline() async throws {
    let harness = AutosaveHarness()
    harness.online.setValue(false)
    harness.autosave.recordEdit()
    _ = await harness.start()
    let offline = await harness.advance(to: .seconds(40))
    #expect(harness.saves.count == 0)
    let reasons = offline.suffix(3).compactMap { $0.skipReason?.description }
    #expect(reasons == Array(repeating: "conditions not met: online", count: 3))

    await harness.clock.waitForSleepers(1)
    await harness.clock.advance(by: .seconds(2))  // 42 s: back online between ticks
    harness.online.setValue(true)
    await harness.advance(to: .seconds(45))
    #expect(harness.saves.values == [.seconds(45)])
    harness.autosave.stop()
  }

  @MainActor
  @Test("no save in focus mode, read on the main actor; saved at the first tick after it ends")
  func waitsInFocusMode() async throws {
    let settings = EditorSettings()
    settings.isInFocusMode = true
    let harness = AutosaveHarness(focusMode: .onMainActor("focus mode") { settings.isInFocusMode })
    harness.autosave.recordEdit()
    _ = await harness.start()
    let focused = await harness.advance(to: .seconds(45))
    #expect(harness.saves.count == 0)
    #expect(focused.suffix(4).allSatisfy { $0.skipReason?.description == "conditions not met: ¬focus mode" })

    settings.isInFocusMode = false
    await harness.advance(to: .seconds(50))
    #expect(harness.saves.values == [.seconds(50)])
    harness.autosave.stop()
  }

  @Test("no second save within 60 s of the last one")
  func minimumIntervalBetweenSaves() async throws {
    let harness = AutosaveHarness()
    harness.autosave.recordEdit()
    _ = await harness.start()
    await harness.advance(to: .seconds(30))
    #expect(harness.saves.values == [.seconds(30)])

    await harness.clock.waitForSleepers(1)
    await harness.clock.advance(by: .seconds(5))  // tick at 35 s
    _ = await harness.events.outcome(ofTick: AutosaveHarness.tick(at: .seconds(35)))
    harness.autosave.recordEdit()  // edit at 35 s: quiet from 65 s, but the last save was at 30 s

    let waiting = await harness.advance(to: .seconds(85))
    #expect(harness.saves.values == [.seconds(30)])
    #expect(waiting.suffix(5).allSatisfy { $0.skipReason?.description == "conditions not met: last save ≥ 60 s ago" })

    await harness.advance(to: .seconds(90))
    #expect(harness.saves.values == [.seconds(30), .seconds(90)])
    harness.autosave.stop()
  }

  @Test("nothing is saved without edits")
  func noEditsNoSave() async throws {
    let harness = AutosaveHarness()
    let first = try #require(await harness.start())
    #expect(first.skipReason?.description == "conditions not met: unsaved edits, last edit ≥ 30 s ago")
    await harness.advance(to: .seconds(120))
    #expect(harness.saves.count == 0)
    harness.autosave.stop()
  }

  @Test("a failed save is reported, the edits stay unsaved, and the next tick retries")
  func failedSaveIsRetried() async throws {
    let harness = AutosaveHarness(failingSaves: 1)
    harness.autosave.recordEdit()
    _ = await harness.start()
    let outcomes = await harness.advance(to: .seconds(35))
    #expect(outcomes.suffix(2).map(\.label) == ["failed", "succeeded"])
    #expect(harness.saves.values == [.seconds(35)])
    #expect(!harness.autosave.hasUnsavedEdits)
    harness.autosave.stop()
  }

  @Test("an edit made while a save runs stays unsaved")
  func editDuringSaveStaysUnsaved() async throws {
    let clock = TestClock()
    let gate = Gate()
    let events = Recorder<PollerEvent>()
    let autosave = Autosave(
      saving: ClosureSkill<Void, Void> { _, _ in await gate.wait() },
      quietPeriod: .zero,
      minimumInterval: .zero,
      environment: SkillEnvironment(clock: clock),
      onEvent: { events.append($0) }
    )
    autosave.recordEdit()
    autosave.start()
    await gate.arrivals.wait(forCount: 1)
    autosave.recordEdit()
    gate.open()
    #expect(try #require(await events.outcome(ofTick: 1)).label == "succeeded")
    #expect(autosave.hasUnsavedEdits)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    #expect(try #require(await events.outcome(ofTick: 2)).label == "succeeded")
    #expect(!autosave.hasUnsavedEdits)
    autosave.stop()
  }

  @MainActor
  @Test("extra conditions such as a main-actor preference gate the save")
  func extraConditionGates() async throws {
    let settings = EditorSettings()
    settings.autosaveEnabled = false
    let harness = AutosaveHarness(extra: [.onMainActor("autosave enabled") { settings.autosaveEnabled }])
    harness.autosave.recordEdit()
    _ = await harness.start()
    let outcomes = await harness.advance(to: .seconds(30))
    #expect(outcomes.last?.skipReason?.description == "conditions not met: autosave enabled")
    settings.autosaveEnabled = true
    await harness.advance(to: .seconds(35))
    #expect(harness.saves.values == [.seconds(35)])
    harness.autosave.stop()
  }

  @MainActor
  @Test("the draft is read on the main actor when the save starts")
  func readsDraftOnMainActorAtSaveTime() async throws {
    let clock = TestClock()
    let settings = EditorSettings()
    let saved = Recorder<String>()
    let autosave = Autosave(
      saving: ClosureSkill<String, Void>("SaveDraftSkill") { text, _ in saved.append(text) }
        .readingInput { settings.text },
      quietPeriod: .seconds(10),
      environment: SkillEnvironment(clock: clock)
    )
    settings.text = "Hel"
    autosave.recordEdit()
    autosave.start()
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    settings.text = "Hello"  // the save must send the text current when it starts
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(5))
    await saved.wait(forCount: 1)
    #expect(saved.values == ["Hello"])
    autosave.stop()
  }

  @Test("releasing the autosave stops it")
  func releaseStops() async {
    let clock = TestClock()
    let saves = Recorder<Duration>()
    var autosave: Autosave? = Autosave(
      saving: ClosureSkill<Void, Void> { _, _ in saves.append(clock.offset) },
      environment: SkillEnvironment(clock: clock)
    )
    weak let weakAutosave = autosave
    autosave?.recordEdit()
    autosave?.start()
    await clock.waitForSleepers(1)
    autosave = nil
    #expect(weakAutosave == nil)
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(120))
    #expect(saves.count == 0)
  }

  @Test("the readingInput skill keeps the base skill's name")
  func readingInputKeepsName() {
    let skill = ClosureSkill<String, Void>("SaveDraftSkill") { _, _ in }.readingInput { "" }
    #expect(skill.name == "SaveDraftSkill")
  }
}

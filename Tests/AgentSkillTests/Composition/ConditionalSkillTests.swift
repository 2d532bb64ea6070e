import AgentSkill
import AgentSkillTesting
import Testing

@Suite("when", .timeLimit(.minutes(5)))
struct ConditionalSkillTests {
  actor Settings {
    var isOnline: Bool
    init(isOnline: Bool) { self.isOnline = isOnline }
  }

  private func save(runs: Counter) -> ClosureSkill<String, String> {
    ClosureSkill("SaveDraftSkill") { draft, _ in
      runs.increment()
      return "saved \(draft)"
    }
  }

  @Test("the skill runs when the async condition holds")
  func runsWhenConditionHolds() async throws {
    let runs = Counter()
    let settings = Settings(isOnline: true)
    let autosave = save(runs: runs).when { _ in await settings.isOnline }
    #expect(try await Harness().run(autosave, "draft") == "saved draft")
    #expect(runs.value == 1)
    #expect(autosave.name == "SaveDraftSkill")
  }

  @Test("a skipped run returns nil, does not run the skill and reports completion")
  func skippedReturnsNil() async throws {
    let runs = Counter()
    let harness = Harness()
    let autosave = save(runs: runs).when { $0.isEmpty == false && false }
    let output = try await harness.run(autosave, "draft")
    #expect(output == nil)
    #expect(runs.value == 0)
    #expect(harness.progress.value == [1])
    #expect(harness.logs.messages == ["skipped: condition not met"])
  }

  @Test("otherwise provides the output of a skipped run, e.g. passing the input through")
  func otherwise() async throws {
    let runs = Counter()
    let passThrough = save(runs: runs).when({ _ in false }, otherwise: { $0 })
    #expect(try await Harness().run(passThrough, "draft") == "draft")
    let placeholder = save(runs: runs).when({ _ in false }, otherwise: { _ in "placeholder" })
    #expect(try await Harness().run(placeholder, "draft") == "placeholder")
    #expect(runs.value == 0)
  }

  @Test("an error from the condition propagates and the skill does not run")
  func conditionThrows() async throws {
    let runs = Counter()
    let gated = save(runs: runs).when { _ in throw StubError("no settings") }
    await #expect(throws: StubError("no settings")) { try await Harness().run(gated, "draft") }
    #expect(runs.value == 0)
  }

  @Test("a skipped step keeps a pipeline going")
  func skippedStepInPipeline() async throws {
    let pipeline = adding(1, name: "A")
      .then(adding(100, name: "Bonus").when({ $0 > 10 }, otherwise: { $0 }))
      .then(adding(1, name: "C"))
    #expect(try await Harness().run(pipeline, 0) == 2)
    #expect(try await Harness().run(pipeline, 20) == 122)
  }
}

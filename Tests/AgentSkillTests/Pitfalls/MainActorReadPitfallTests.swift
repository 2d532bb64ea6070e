import AgentSkill
import AgentSkillAutonomy
import AgentSkillTesting
import Testing

/// A preference read off the main actor returns a stale
/// value. Main-actor state is read on the main actor, at the moment the work
/// starts — never captured when the task is created, never read from a
/// background thread.
@MainActor
@Suite("Pitfall: a preference read off the main actor is stale", .timeLimit(.minutes(5)))
struct MainActorReadPitfallTests {
  /// Stands in for `@AppStorage` / `UserDefaults` values observed by views.
  @MainActor final class Settings {
    var autoSaveEnabled = true
    var reads = 0
  }

  /// Receives the preference as its input.
  struct SaveIfEnabledSkill: Skill {
    func run(_ enabled: Bool, context: SkillContext) async throws -> String {
      enabled ? "saved" : "skipped"
    }
  }

  @Test func pitfall_preferenceReadOffTheMainActor_readingInputReadsTheCurrentValueOnTheMainActor() async {
    let settings = Settings()
    let skill = SaveIfEnabledSkill().readingInput {
      MainActor.assertIsolated()
      settings.reads += 1
      return settings.autoSaveEnabled
    }
    // The user turns autosave off after the skill (and its runner) were created.
    let runner = SkillRunner(skill, executor: .background(), environment: SkillEnvironment(clock: TestClock()))
    settings.autoSaveEnabled = false
    await runner.perform(()).value
    #expect(runner.status == .succeeded(output: "skipped"))
    settings.autoSaveEnabled = true
    await runner.perform(()).value
    #expect(runner.status == .succeeded(output: "saved"))
    #expect(settings.reads == 2)
  }

  @Test func pitfall_preferenceReadOffTheMainActor_onMainActorConditionsReadTheCurrentValue() async {
    let settings = Settings()
    let condition = ClosureCondition.onMainActor("autosave enabled") {
      MainActor.assertIsolated()
      return settings.autoSaveEnabled
    }
    // Evaluated from a background task, as a poller does.
    #expect(await Task.detached { await condition.isMet }.value)
    settings.autoSaveEnabled = false
    #expect(await Task.detached { await condition.isMet }.value == false)
  }
}

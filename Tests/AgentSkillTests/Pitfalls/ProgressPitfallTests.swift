import AgentSkill
import AgentSkillTesting
import Testing

/// Progress stuck below 1.0. The common fix — comparing
/// progress with a tolerance in `==` — is itself the bug: 0.9995 and 1.0
/// compare equal, so the last step looks like no change. Status equality is
/// exact, every distinct report is a change observers see, and completion
/// comes from the run finishing, never from the progress value.
@MainActor
@Suite("Pitfall: progress stuck below 1.0", .timeLimit(.minutes(5)))
struct ProgressPitfallTests {
  /// Reports each fraction, waiting at a gate after each one, then returns.
  struct SteppedSkill: Skill {
    let fractions: [Double]
    let gates: [Gate]

    func run(_ input: Void, context: SkillContext) async throws -> String {
      for (fraction, gate) in zip(fractions, gates) {
        context.reportProgress(fraction)
        await gate.wait()
      }
      return "uploaded"
    }
  }

  @Test func pitfall_progressStuckBelowOne_aRunThatReports0_999ThenSucceedsShowsSucceeded() async {
    let gate = Gate()
    let runner = SkillRunner(SteppedSkill(fractions: [0.999], gates: [gate]), executor: .immediate)
    let run = runner.perform(())
    await runner.waitForStatus { $0.progress == 0.999 }
    #expect(runner.status == .running(progress: 0.999))
    gate.open()
    await run.value
    #expect(runner.status == .succeeded(output: "uploaded"))
    #expect(runner.status.progress == nil)
    #expect(runner.status.isFinished)
  }

  @Test func pitfall_progressStuckBelowOne_equalityIsExactSoTheLastStepIsAChange() async {
    typealias Status = SkillStatus<String>
    #expect(Status.running(progress: 0.9995) != .running(progress: 1.0))
    #expect(Status.running(progress: 0.99) != .running(progress: 0.990_000_1))
    #expect(Status.running(progress: nil) == .running(progress: nil))
    #expect(Status.running(progress: nil) != .running(progress: 0))
    #expect(Status.running(progress: 1.0) != .succeeded(output: "uploaded"))

    let gates = [Gate(), Gate(), Gate()]
    let runner = SkillRunner(
      SteppedSkill(fractions: [0.99, 0.9995, 1.0], gates: gates), executor: .immediate)
    let seen = Recorder<Double?>()
    let observation = ContinuousObservation(
      of: { runner.status.progress }, initial: false, onChange: { seen.append($0) })
    let run = runner.perform(())
    for (fraction, gate) in zip([0.99, 0.9995, 1.0], gates) {
      // Each report reaches observers as its own change before the next one is made.
      await seen.wait { $0.last == .some(fraction) }
      gate.open()
    }
    await run.value
    await seen.wait { $0.last == .some(nil) }
    #expect(seen.values == [0.99, 0.9995, 1.0, nil])
    #expect(runner.status == .succeeded(output: "uploaded"))
    observation.cancel()
  }

  @Test func pitfall_progressStuckBelowOne_fullProgressIsNotCompletion() async {
    let gate = Gate()
    let runner = SkillRunner(SteppedSkill(fractions: [1.0], gates: [gate]), executor: .immediate)
    let run = runner.perform(())
    await runner.waitForStatus { $0.progress == 1.0 }
    #expect(runner.isRunning)
    #expect(!runner.status.isFinished)
    gate.open()
    await run.value
    #expect(runner.status == .succeeded(output: "uploaded"))
  }

  @Test func pitfall_progressStuckBelowOne_composedProgressEndsInSuccessDespiteRounding() async {
    // Three steps of a third each: 1/3 + 1/3 + 1/3 need not add up to exactly 1.0.
    let step = ClosureSkill<Double, Double> { value, context in
      context.reportProgress(1.0)
      return value / 3
    }
    let runner = SkillRunner(step.then(step).then(step), executor: .immediate)
    await runner.perform(0.1).value
    #expect(runner.status.isFinished)
    #expect(runner.status.output.map { abs($0 - 0.1 / 27) < 1e-12 } == true)
  }
}

import AgentSkill
import AgentSkillTesting
import Testing

@Suite("SequenceSkill", .timeLimit(.minutes(5)))
struct SequenceSkillTests {
  @Test("every step gets the same input and the outputs are collected in order")
  func collectsOutputs() async throws {
    let sequence = SequenceSkill<Int, String> {
      ClosureSkill("Double") { value, _ in "\(value * 2)" }
      ClosureSkill("Square") { value, _ in "\(value * value)" }
      ClosureSkill("Negate") { value, _ in "\(-value)" }
    }
    #expect(try await Harness().run(sequence, 3) == ["6", "9", "-3"])
    #expect(sequence.name == "Sequence(Double,Square,Negate)")
  }

  @Test("the first failure aborts the sequence with the failing step's index")
  func abortsOnFirstFailure() async throws {
    let ran = LockIsolated<[String]>([])
    func step(_ name: String, fails: Bool = false) -> ClosureSkill<Void, Void> {
      ClosureSkill(name) { _, _ in
        ran.withValue { $0.append(name) }
        if fails { throw StubError(name) }
      }
    }
    let sequence = SequenceSkill<Void, Void>("Checkout") {
      step("ReserveStock")
      step("ValidateAddress", fails: true)
      step("AuthorisePayment")
    }
    let error = try await #require(throws: PipelineError.self) { try await Harness().run(sequence, ()) }
    #expect(error.index == 1)
    #expect(error.stepName == "ValidateAddress")
    #expect(ran.value == ["ReserveStock", "ValidateAddress"])
    #expect(sequence.name == "Checkout")
  }

  @Test("an empty sequence returns no outputs and reports completion")
  func empty() async throws {
    let harness = Harness()
    #expect(try await harness.run(SequenceSkill<Int, Int>(steps: []), 1) == [])
    #expect(harness.progress.value == [1])
  }

  @Test("each step reports within its share of 0…1")
  func progress() async throws {
    let harness = Harness()
    let sequence = SequenceSkill(steps: [
      adding(1, name: "A").eraseToAnySkill(), adding(2, name: "B").eraseToAnySkill(),
    ])
    #expect(try await harness.run(sequence, 0) == [1, 2])
    #expect(approximatelyEqual(harness.progress.value, [0.25, 0.5, 0.75, 1]))
  }
}

import AgentSkill
import AgentSkillTesting
import Testing

@Suite("Pipeline: then and PipelineSkill", .timeLimit(.minutes(5)))
struct PipelineTests {
  @Test("then feeds each step's output into the next step's input")
  func thenFeedsOutputs() async throws {
    let pipeline = adding(1, name: "AddOne")
      .then(ClosureSkill<Int, String>("Describe") { value, _ in "value \(value)" })
    let output = try await Harness().run(pipeline, 41)
    #expect(output == "value 42")
    #expect(pipeline.name == "Pipeline(AddOne,Describe)")
  }

  @Test("a failing step stops the chain and is named with its 1-based number")
  func failingStepIsNamed() async throws {
    let ranAfter = Counter()
    let pipeline = adding(1, name: "ValidateEmailSkill")
      .then(failing(StubError("expired"), name: "VerifyCodeSkill", as: (Int, Int).self))
      .then(
        ClosureSkill<Int, Int>("CreateAccountSkill") { value, _ in
          ranAfter.increment()
          return value
        })
    let error = try await #require(throws: PipelineError.self) { try await Harness().run(pipeline, 0) }
    #expect(error.index == 1)
    #expect(error.stepName == "VerifyCodeSkill")
    #expect(error.underlying as? StubError == StubError("expired"))
    #expect(error.description == "step 2 (VerifyCodeSkill) failed: stub error expired")
    #expect(ranAfter.value == 0)
    #expect(pipeline.name == "Pipeline(ValidateEmailSkill,VerifyCodeSkill,CreateAccountSkill)")
  }

  @Test("steps are numbered across nested chains on either side")
  func nestedNumbering() async throws {
    let tail = adding(1, name: "B").then(failing(StubError("c"), name: "C", as: (Int, Int).self))
    let rightNested = adding(1, name: "A").then(tail)
    let error = try await #require(throws: PipelineError.self) { try await Harness().run(rightNested, 0) }
    #expect(error.index == 2)
    #expect(error.stepName == "C")

    let leftNested = adding(1, name: "A").then(adding(1, name: "B")).then(adding(1, name: "C"))
      .then(failing(StubError("d"), name: "D", as: (Int, Int).self))
    let leftError = try await #require(throws: PipelineError.self) { try await Harness().run(leftNested, 0) }
    #expect(leftError.index == 3)
  }

  @Test("CancellationError from a step passes through unwrapped")
  func cancellationIsNotWrapped() async throws {
    let pipeline = adding(1, name: "A").then(failing(CancellationError(), name: "B", as: (Int, Int).self))
    await #expect(throws: CancellationError.self) { try await Harness().run(pipeline, 0) }
  }

  @Test("each step reports within its share of 0…1 and completes it when it succeeds")
  func progressShares() async throws {
    let harness = Harness()
    let silent = ClosureSkill<Int, Int>("Silent") { value, _ in value }
    let pipeline = adding(1, name: "A").then(silent).then(adding(1, name: "C"))
    _ = try await harness.run(pipeline, 0)
    // A: 0.5 of its third, then done; Silent reports nothing but is done; C: half, then done.
    let expected: [Double] = [1, 2, 4, 5, 6].map { $0 / 6 }
    #expect(approximatelyEqual(harness.progress.value, expected))
  }

  @Test("each step runs in a context named after it, seen by the monitor and the log")
  func stepsAreMonitoredAndTagged() async throws {
    let harness = Harness()
    let pipeline = ClosureSkill<Int, Int>("First") { value, context in
      context.logger.info("working")
      return value
    }
    .then(failing(StubError("x"), name: "Second", as: (Int, Int).self))
    _ = try? await harness.run(pipeline, 0)
    #expect(harness.monitor.events.value == ["started:First", "finished:First", "started:Second", "failed:Second"])
    #expect(harness.logs.entries.value.first?.tag.hasPrefix("First-") == true)
  }

  @Test("a cancelled pipeline does not start the next step")
  func cancelledPipelineStopsBetweenSteps() async throws {
    let clock = TestClock()
    let secondRan = Counter()
    let pipeline = ClosureSkill<Int, Int>("Slow") { value, context in
      try? await context.sleep(for: .seconds(5))  // swallows the cancellation, like careless work
      return value
    }
    .then(
      ClosureSkill<Int, Int>("Next") { value, _ in
        secondRan.increment()
        return value
      })
    let task = Task { try await Harness(clock: clock).run(pipeline, 1) }
    await clock.waitForSleepers(1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(secondRan.value == 0)
  }

  @Test("PipelineSkill runs its steps in order and supports if and for in its builder")
  func pipelineSkillBuilder() async throws {
    let includeDouble = true
    let pipeline = PipelineSkill<Int> {
      adding(1, name: "AddOne")
      if includeDouble { ClosureSkill<Int, Int>("Double") { value, _ in value * 2 } }
      for amount in [10, 100] { adding(amount, name: "Add\(amount)") }
    }
    let output = try await Harness().run(pipeline, 1)
    #expect(output == 114)
    #expect(pipeline.steps.map(\.name) == ["AddOne", "Double", "Add10", "Add100"])
    #expect(pipeline.name == "Pipeline(AddOne,Double,Add10,Add100)")
  }

  @Test("an empty PipelineSkill is the identity and reports completion")
  func emptyPipelineIsIdentity() async throws {
    let harness = Harness()
    let pipeline = PipelineSkill<String>(steps: [])
    #expect(pipeline.isEmpty)
    #expect(try await harness.run(pipeline, "unchanged") == "unchanged")
    #expect(harness.progress.value == [1])
  }

  @Test("PipelineSkill failures name the step, numbered within an enclosing chain")
  func pipelineSkillInsideChain() async throws {
    let middle = PipelineSkill<Int>("Middle") {
      adding(1, name: "B")
      failing(StubError("c"), name: "C", as: (Int, Int).self)
    }
    let chain = adding(1, name: "A").then(middle).then(adding(1, name: "D"))
    let error = try await #require(throws: PipelineError.self) { try await Harness().run(chain, 0) }
    #expect(error.index == 2)
    #expect(error.stepName == "C")
    #expect(chain.name == "Pipeline(A,B,C,D)")
    #expect(middle.name == "Middle")
  }

  @Test("a step's name is read once, when the chain is built, not on every run")
  func stepNamesAreReadOnce() async throws {
    let reads = Counter()
    let pipeline = NameCountingSkill(reads: reads).then(adding(1, name: "B"))
      .then(failing(StubError("c"), name: "C", as: (Int, Int).self))
    let readsWhenBuilt = reads.value
    let harness = Harness()
    for _ in 0..<3 {
      let error = try await #require(throws: PipelineError.self) { try await harness.run(pipeline, 0) }
      #expect(error.index == 2)
    }
    #expect(reads.value == readsWhenBuilt)
    #expect(
      harness.monitor.events.value.prefix(2) == ["started:NameCountingSkill", "finished:NameCountingSkill"])
  }

  @Test("a renamed chain inside a chain counts as one step")
  func namedChainIsOneStep() async throws {
    let inner = adding(1, name: "B").then(failing(StubError("c"), name: "C", as: (Int, Int).self)).named("Inner")
    let chain = adding(1, name: "A").then(inner).then(adding(1, name: "D"))
    #expect(chain.name == "Pipeline(A,Inner,D)")
    let error = try await #require(throws: PipelineError.self) { try await Harness().run(chain, 0) }
    #expect(error.index == 1)
    #expect(error.stepName == "Inner")
    let innerError = try #require(error.underlying as? PipelineError)
    #expect(innerError.index == 1)
    #expect(innerError.stepName == "C")
  }

  @Test("a chain type-erased with AnySkill flattens exactly like the chain: names, numbers, progress")
  func erasedChainFlattensLikeTheChain() async throws {
    func inner() -> ChainedSkill<ClosureSkill<Int, Int>, ClosureSkill<Int, Int>> {
      adding(1, name: "B").then(adding(1, name: "C"))
    }
    let plain = adding(1, name: "A").then(inner()).then(adding(1, name: "D"))
    let erased = adding(1, name: "A").then(AnySkill(inner())).then(adding(1, name: "D"))
    let doublyErased = adding(1, name: "A").then(AnySkill(AnySkill(inner()).then(adding(1, name: "D"))))
    #expect(plain.name == "Pipeline(A,B,C,D)")
    #expect(erased.name == plain.name)
    #expect(doublyErased.name == plain.name)

    var progressOf: [String: [Double]] = [:]
    var eventsOf: [String: [String]] = [:]
    for (label, skill) in [
      ("plain", AnySkill(plain)), ("erased", AnySkill(erased)), ("doubly", AnySkill(doublyErased)),
    ] {
      let harness = Harness()
      #expect(try await harness.run(skill, 0) == 4)
      progressOf[label] = harness.progress.value
      eventsOf[label] = harness.monitor.events.value
    }
    let expected: [Double] = [1, 2, 3, 4, 5, 6, 7, 8].map { $0 / 8 }
    #expect(approximatelyEqual(try #require(progressOf["plain"]), expected))
    #expect(progressOf["erased"] == progressOf["plain"])
    #expect(progressOf["doubly"] == progressOf["plain"])
    #expect(eventsOf["erased"] == eventsOf["plain"])
    #expect(eventsOf["doubly"] == eventsOf["plain"])

    let failingInner = adding(1, name: "B").then(failing(StubError("c"), name: "C", as: (Int, Int).self))
    for chain in [
      AnySkill(adding(1, name: "A").then(failingInner).then(adding(1, name: "D"))),
      AnySkill(adding(1, name: "A").then(AnySkill(failingInner)).then(adding(1, name: "D"))),
      AnySkill(adding(1, name: "A").then(failingInner.eraseToAnySkill().then(adding(1, name: "D")).eraseToAnySkill())),
    ] {
      let error = try await #require(throws: PipelineError.self) { try await Harness().run(chain, 0) }
      #expect(error.index == 2)
      #expect(error.stepName == "C")
      #expect(error.underlying as? StubError == StubError("c"))
    }
  }

  @Test("a chain listed as a step of a PipelineSkill contributes its own steps")
  func chainInsidePipelineSkillFlattens() async throws {
    let harness = Harness()
    let pipeline = PipelineSkill<Int> {
      adding(1, name: "A")
      adding(1, name: "B").then(failing(StubError("c"), name: "C", as: (Int, Int).self))
      adding(1, name: "D")
    }
    #expect(pipeline.name == "Pipeline(A,B,C,D)")
    #expect(pipeline.steps.map(\.name) == ["A", "Pipeline(B,C)", "D"])
    let error = try await #require(throws: PipelineError.self) { try await harness.run(pipeline, 0) }
    #expect(error.index == 2)
    #expect(error.stepName == "C")
    #expect(approximatelyEqual(harness.progress.value, [0.125, 0.25, 0.375, 0.5]))
  }

  @Test("an empty PipelineSkill inside a chain adds no step and no progress report of its own")
  func emptyPipelineInsideChain() async throws {
    let harness = Harness()
    let chain = adding(1, name: "A").then(PipelineSkill<Int>(steps: [])).then(adding(1, name: "C"))
    #expect(chain.name == "Pipeline(A,C)")
    #expect(try await harness.run(chain, 0) == 2)
    #expect(approximatelyEqual(harness.progress.value, [0.25, 0.5, 0.75, 1]))
  }

  @Test("a step's context shares the run's id, dependencies and log sink, and reports into its share")
  func stepContextSharesTheRun() async throws {
    let harness = Harness()
    var environment = harness.environment
    environment.dependencies[GreetingKey.self] = "injected"
    let progress = harness.progress
    let root = SkillContext(skillName: "Root", environment: environment) { value in
      progress.withValue { $0.append(value) }
    }
    let seen = LockIsolated<[String]>([])
    let probe = ClosureSkill<Int, Int>("Probe") { value, context in
      let sameRun = context.runID == root.runID
      seen.withValue {
        $0.append("\(context.skillName) \(sameRun) \(context.tag) \(context.dependencies[GreetingKey.self])")
      }
      context.logger.info("probing")
      context.reportProgress(0.5)
      return value
    }
    _ = try await adding(1, name: "A").then(probe).run(0, context: root)
    #expect(seen.value == ["Probe true Probe-\(root.runID.short) injected"])
    #expect(harness.logs.entries.value.map(\.tag) == ["Probe-\(root.runID.short)"])
    #expect(approximatelyEqual(progress.value, [0.25, 0.5, 0.75, 1]))
  }

  @Test("a chain runs in a SkillRunner and its failure reaches the status")
  @MainActor
  func chainInRunner() async throws {
    let pipeline = adding(1, name: "A").then(failing(StubError("b"), name: "B", as: (Int, Int).self))
    let runner = SkillRunner(pipeline.named("Register"), executor: .immediate)
    await runner.perform(1).value
    let error = try #require(runner.status.error as? PipelineError)
    #expect(error.stepName == "B")
    #expect(runner.tag.hasPrefix("Register-"))
  }
}

/// A skill whose default-style name counts how often it is read.
private struct NameCountingSkill: Skill {
  let reads: Counter
  var name: String {
    reads.increment()
    return "NameCountingSkill"
  }
  func run(_ input: Int, context: SkillContext) async throws -> Int { input }
}

/// A dependency a step reads from its context.
private enum GreetingKey: SkillDependencyKey {
  static let liveValue = "default"
  static let testValue = "default"
}

import AgentSkillTesting
import Foundation
import Testing

@testable import AgentSkill
@testable import AgentSkillAutonomy

/// The sign-up wizard of the tests: account (validated), profile, create the account on the server.
private struct SignUp: Sendable, Equatable {
  var email = ""
  var displayName = ""
  var reservedName: String?
  var userID: String?
}

private struct AccountStep: Skill {
  func validate(_ state: SignUp) throws(SkillInputRejection) {
    guard state.email.contains("@") else {
      throw SkillInputRejection("Enter an email address such as ada@example.com.")
    }
  }

  func run(_ state: SignUp, context: SkillContext) async throws -> SignUp {
    var next = state
    next.reservedName = String(state.email.prefix { $0 != "@" })
    return next
  }
}

private struct ProfileStep: Skill {
  let log: Recorder<String>

  func run(_ state: SignUp, context: SkillContext) async throws -> SignUp {
    log.append("profile")
    try await context.sleep(for: .seconds(1))  // uploads the avatar
    var next = state
    next.displayName = state.reservedName?.capitalized ?? ""
    return next
  }
}

private struct EmailTaken: Error, LocalizedError {
  var errorDescription: String? { "This email already has an account. Sign in instead, or use another email." }
}

private struct CreateAccountStep: Skill {
  let log: Recorder<String>
  let failures: LockIsolated<Int>

  func run(_ state: SignUp, context: SkillContext) async throws -> SignUp {
    log.append("create")
    let fail = failures.withValue { remaining -> Bool in
      guard remaining > 0 else { return false }
      remaining -= 1
      return true
    }
    if fail { throw EmailTaken() }
    var next = state
    next.userID = "u-\(state.displayName)"
    return next
  }
}

@Suite("FlowRunner", .timeLimit(.minutes(2)))
@MainActor
struct FlowRunnerTests {
  private let clock = TestClock()
  private let log = Recorder<String>()

  private func wizard(email: String, failures: Int = 0) -> FlowRunner<SignUp> {
    FlowRunner(
      initial: SignUp(email: email),
      steps: [
        FlowStep(AccountStep(), undo: { state, _ in log.append("release \(state.reservedName ?? "")") }),
        FlowStep(ProfileStep(log: log)),
        FlowStep(CreateAccountStep(log: log, failures: LockIsolated(failures))),
      ],
      environment: SkillEnvironment(clock: clock, logSink: nil))
  }

  /// Starts the flow and lets the profile step's one-second upload pass.
  private func run(_ flow: FlowRunner<SignUp>, _ start: () -> Task<Void, Never>) async {
    let task = start()
    if flow.position <= 1 {
      await clock.waitForSleepers()
      await clock.advance(by: .seconds(1))
    }
    await task.value
  }

  @Test("the steps run in order, each from the state the previous one left")
  func stepsRunInOrder() async {
    let flow = wizard(email: "ada@example.com")
    #expect(flow.phase == .ready)
    await run(flow) { flow.start() }
    #expect(flow.phase == .finished)
    #expect(flow.position == 3)
    #expect(flow.state.userID == "u-Ada")
    #expect(log.values == ["profile", "create"])
  }

  @Test("a failed step returns to the previous step's state with its error, and resume runs it again")
  func aFailedStepReturnsToThePreviousStep() async throws {
    let flow = wizard(email: "ada@example.com", failures: 1)
    await run(flow) { flow.start() }

    let failure = try #require(flow.phase.failure)
    #expect(failure.step == 2)
    #expect(failure.stepName == "CreateAccountStep")
    #expect(failure.message == "This email already has an account. Sign in instead, or use another email.")
    #expect(failure.description.hasPrefix("step 3 (CreateAccountStep) failed"))
    #expect(flow.state == SignUp(email: "ada@example.com", displayName: "Ada", reservedName: "ada"))
    #expect(flow.position == 2)
    #expect(flow.shownStep == 1)

    await run(flow) { flow.resume() }
    #expect(flow.phase == .finished)
    #expect(flow.state.userID == "u-Ada")
    #expect(log.values == ["profile", "create", "create"])
  }

  @Test("an input the first step rejects fails it with what to fix, on the initial state")
  func aRejectedInputFailsTheFirstStep() async throws {
    let flow = wizard(email: "ada")
    await flow.start().value
    let failure = try #require(flow.phase.failure)
    #expect(failure.step == 0)
    #expect(failure.error is SkillInputRejection)
    #expect(failure.message == "Enter an email address such as ada@example.com.")
    #expect(flow.state == SignUp(email: "ada"))
    #expect(flow.shownStep == 0)
    #expect(log.values.isEmpty)
  }

  @Test("cancelling stops the running step, undoes the finished ones and returns to the initial state")
  func cancellingUndoesTheFlow() async {
    let flow = wizard(email: "ada@example.com")
    let task = flow.start()
    await clock.waitForSleepers()
    #expect(flow.phase == .running(step: 1))
    #expect(flow.state.reservedName == "ada")

    await flow.cancel().value
    await task.value
    #expect(flow.phase == .cancelled)
    #expect(flow.state == SignUp(email: "ada@example.com"))
    #expect(flow.position == 0)
    #expect(log.values == ["profile", "release ada"])
    #expect(!clock.hasSleepers)

    await run(flow) { flow.start() }
    #expect(flow.phase == .finished)
  }

  @Test("starting a running flow returns its task")
  func startingARunningFlowReturnsItsTask() async {
    let flow = wizard(email: "ada@example.com")
    let first = flow.start()
    let second = flow.start()
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await first.value
    await second.value
    #expect(log.values == ["profile", "create"])
  }
}

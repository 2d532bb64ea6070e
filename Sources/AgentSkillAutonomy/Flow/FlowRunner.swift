import AgentSkill
import Observation

/// Runs ordered steps — each a skill that takes the state the previous one
/// left — keeping the state after every step, so a failure returns to the
/// previous step's state with the failed step's error, ``resume()`` goes on
/// from the failed step, and ``cancel()`` stops and undoes the whole flow.
///
/// A sign-up wizard: an account step that validates its input, a profile
/// step, and a step that creates the account on the server:
///
/// ```swift
/// struct SignUp: Sendable, Equatable {
///   var email = ""
///   var displayName = ""
///   var userID: String?
/// }
///
/// struct AccountStep: Skill {
///   func validate(_ state: SignUp) throws(SkillInputRejection) {
///     guard state.email.contains("@") else { throw SkillInputRejection("Enter an email address such as ada@example.com.") }
///   }
///   func run(_ state: SignUp, context: SkillContext) async throws -> SignUp { state }
/// }
///
/// struct ProfileStep: Skill {
///   func run(_ state: SignUp, context: SkillContext) async throws -> SignUp {
///     var next = state
///     if next.displayName.isEmpty { next.displayName = String(state.email.prefix { $0 != "@" }) }
///     return next
///   }
/// }
///
/// struct CreateAccountStep: Skill {
///   func run(_ state: SignUp, context: SkillContext) async throws -> SignUp {
///     var next = state
///     next.userID = "u-\(state.email.count)"   // POST /accounts
///     return next
///   }
/// }
///
/// @MainActor func signUp(email: String) async {
///   let wizard = FlowRunner(
///     initial: SignUp(email: email),
///     steps: [FlowStep(AccountStep()), FlowStep(ProfileStep()), FlowStep(CreateAccountStep())])
///   await wizard.start().value
///   if let failure = wizard.phase.failure {
///     print("Back on step \(wizard.shownStep + 1): \(failure.message)")   // show the failed step's error
///     await wizard.resume().value                                         // after the user fixed it
///   }
///   print(wizard.phase == .finished, wizard.state.userID ?? "")
/// }
/// ```
///
/// Steps run off the main actor, one at a time, on the runner's
/// environment (clock, dependencies, logs). ``state``, ``phase``,
/// ``position`` and ``shownStep`` are observable: a SwiftUI wizard shows the
/// page of ``shownStep`` and ``FlowPhase/failure``'s message.
@MainActor
public final class FlowRunner<State: Sendable>: Observable {
  /// The steps, in order.
  public nonisolated let steps: [FlowStep<State>]
  /// The state before the first step.
  package nonisolated let initialState: State
  /// The clock, dependencies, monitor and log sink given to every step.
  package nonisolated let environment: SkillEnvironment

  private let registrar = ObservationRegistrar()
  private var stateStorage: State
  private var phaseStorage: FlowPhase = .ready
  /// The state after each finished step: `finished[i]` is what step `i` returned.
  private var finished: [State] = []
  private var task: Task<Void, Never>?
  private var generation = 0

  /// Creates a flow; nothing runs until ``start()``.
  ///
  /// - Parameters:
  ///   - initial: The state the first step gets.
  ///   - steps: The steps, in order.
  ///   - environment: Clock, dependencies, monitor and log sink for the steps.
  public init(initial: State, steps: [FlowStep<State>], environment: SkillEnvironment = SkillEnvironment()) {
    self.steps = steps
    self.initialState = initial
    self.environment = environment
    self.stateStorage = initial
  }

  /// The state the last finished step returned (the initial state before the first).
  public private(set) var state: State {
    get {
      registrar.access(self, keyPath: \.state)
      return stateStorage
    }
    set {
      registrar.withMutation(of: self, keyPath: \.state) { stateStorage = newValue }
    }
  }

  /// Where the flow stands.
  public private(set) var phase: FlowPhase {
    get {
      registrar.access(self, keyPath: \.phase)
      return phaseStorage
    }
    set {
      registrar.withMutation(of: self, keyPath: \.phase) { phaseStorage = newValue }
    }
  }

  /// The index of the step that runs next (``steps``' count when every step finished).
  public var position: Int {
    registrar.access(self, keyPath: \.state)
    return finished.count
  }

  /// The step a wizard shows: the running or next step, or — after a
  /// failure — the step before the failed one, whose state the flow returned to.
  public var shownStep: Int {
    let position = position
    if case .failed = phase { return max(position - 1, 0) }
    return min(position, max(steps.count - 1, 0))
  }

  /// Runs the steps from ``position`` until one fails or all finish;
  /// returns the running task when the flow already runs.
  ///
  /// - Returns: The task running the steps; await its `value` to wait for them.
  @discardableResult
  public func start() -> Task<Void, Never> {
    if let task, phase.isRunning { return task }
    generation += 1
    let generation = generation
    phase = position < steps.count ? .running(step: position) : .finished
    let task = Task { await self.drive(generation: generation) }
    self.task = task
    return task
  }

  /// Runs the failed step again, then the rest: the same as ``start()``.
  ///
  /// - Returns: The task running the steps.
  @discardableResult
  public func resume() -> Task<Void, Never> {
    start()
  }

  /// Cancels the flow as a whole: cancels the running step, undoes the
  /// finished steps that can be undone (last first, each given the state it
  /// returned), and returns to the initial state.
  ///
  /// - Returns: The task undoing the steps; await its `value` to wait for it.
  @discardableResult
  public func cancel() -> Task<Void, Never> {
    generation += 1
    task?.cancel()
    task = nil
    let undone = Array(zip(steps, finished).reversed())
    finished = []
    state = initialState
    phase = .cancelled
    let environment = environment
    return Task {
      for (step, state) in undone where step.canUndo {
        let context = SkillContext(skillName: step.name, environment: environment)
        do {
          try await step.undo(state, context: context)
        } catch {
          context.logger.warning("could not undo \(step.name): \(error)")
        }
      }
    }
  }

  private func drive(generation: Int) async {
    while finished.count < steps.count {
      let index = finished.count
      let step = steps[index]
      let input = stateStorage
      phase = .running(step: index)
      let context = SkillContext(skillName: step.name, environment: environment)
      do {
        let output = try await step.run(input, context: context)
        guard generation == self.generation else { return }
        finished.append(output)
        state = output
      } catch {
        guard generation == self.generation else { return }
        if error is CancellationError, Task.isCancelled { return }
        state = finished.last ?? initialState
        phase = .failed(FlowFailure(step: index, stepName: step.name, error: error))
        return
      }
    }
    phase = .finished
  }
}

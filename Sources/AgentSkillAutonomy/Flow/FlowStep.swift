import AgentSkill

/// One step of a ``FlowRunner``: a skill that takes the flow's state as the
/// previous step left it and returns it as the next step gets it, and
/// optionally what undoes it when the whole flow is cancelled.
///
/// ```swift
/// struct SignUp: Sendable { var email = ""; var userID: String? }
///
/// struct ReserveAccountSkill: Skill {
///   func run(_ state: SignUp, context: SkillContext) async throws -> SignUp {
///     var next = state
///     next.userID = "u-42"   // the server's answer
///     return next
///   }
/// }
///
/// func reserveStep() -> FlowStep<SignUp> {
///   FlowStep(ReserveAccountSkill()) { state, _ in
///     print("release \(state.userID ?? "")")   // runs if the flow is cancelled later
///   }
/// }
/// ```
public struct FlowStep<State: Sendable>: Sendable {
  /// The step's name, shown in failures and logs.
  public let name: String
  private let body: @Sendable (State, SkillContext) async throws -> State
  private let compensation: (@Sendable (State, SkillContext) async throws -> Void)?

  /// A step that runs `skill`, validating its input first.
  ///
  /// - Parameters:
  ///   - skill: Turns the state the previous step left into the state the next step gets.
  ///   - name: The step's name. Defaults to the skill's name.
  ///   - undo: Undoes the step's side effects, given the state the step
  ///     returned, when the flow is cancelled after the step finished.
  ///     Defaults to none.
  public init<S: Skill>(
    _ skill: S,
    name: String? = nil,
    undo: (@Sendable (State, SkillContext) async throws -> Void)? = nil
  ) where S.Input == State, S.Output == State {
    self.name = name ?? skill.name
    self.body = { state, context in
      try skill.validate(state)
      return try await skill.run(state, context: context)
    }
    self.compensation = undo
  }

  /// A step from a closure.
  ///
  /// - Parameters:
  ///   - name: The step's name.
  ///   - undo: Undoes the step when the flow is cancelled after it finished. Defaults to none.
  ///   - run: Turns the state the previous step left into the state the next step gets.
  public init(
    _ name: String,
    undo: (@Sendable (State, SkillContext) async throws -> Void)? = nil,
    run: @escaping @Sendable (State, SkillContext) async throws -> State
  ) {
    self.name = name
    self.body = run
    self.compensation = undo
  }

  /// Whether the step has something to undo.
  public var canUndo: Bool { compensation != nil }

  func run(_ state: State, context: SkillContext) async throws -> State {
    try await body(state, context)
  }

  func undo(_ state: State, context: SkillContext) async throws {
    try await compensation?(state, context)
  }
}

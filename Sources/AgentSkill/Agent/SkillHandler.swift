/// A ``Skill`` mounted on an agent: intents become the skill's input, its
/// output (or failure) becomes effects. Built with ``Skill/handling(priority:policy:input:started:progress:output:failure:)``.
///
/// The same skill value runs in a ``SkillRunner``, handles an agent's
/// intents through this adapter, and — in `AgentSkillLLM` — is offered to a
/// language model as a tool; ``Skill/retry(_:)``, ``Skill/timeout(_:)``,
/// ``Skill/fallback(to:)``, ``Skill/then(_:)`` and ``Skill/when(_:)`` compose
/// it the same way in all three.
///
/// ```swift
/// let agent = MessageAgent(
///   context: MessageContext(),
///   skills: [
///     ForecastSkill()
///       .retry(RetryPolicy(maxAttempts: 3))
///       .handling(input: { (intent: MessageIntent) -> ForecastRequest? in
///         guard case .search(let city) = intent else { return nil }
///         return ForecastRequest(city: city, days: 3)
///       }) { forecast in
///         [.setPhase(.loaded)]
///       }
///   ],
///   reduce: MessageReducer.reduce)
/// ```
///
/// - An intent whose `input` is `nil` is not this skill's: routing offers it
///   to the next skill.
/// - `started` effects are emitted before the skill runs (a loading phase);
///   `progress` turns the skill's progress reports into effects.
/// - `output` returning `nil` falls through to the next skill that accepts
///   the intent (a cache that missed).
/// - With `failure`, an error (other than cancellation) becomes its effects
///   and the timeline records the failure; without it, the agent's
///   `mapFailure` handles the error, as for any skill.
public struct SkillHandler<Base: Skill, Context: Sendable, Intent: Sendable, Effect: Sendable>: IntentSkill {
  /// The skill that does the work.
  package let base: Base
  /// The skill's rank: lower runs first.
  public let priority: Int
  /// How a run relates to other runs.
  package let policy: IntentPolicy
  private let input: @Sendable (Intent) -> Base.Input?
  private let started: @Sendable (Base.Input) -> [Effect]
  private let progress: (@Sendable (Double) -> Effect?)?
  private let output: @Sendable (Base.Output) -> [Effect]?
  private let failure: (@Sendable (any Error) -> [Effect])?

  /// Mounts `base`; prefer ``Skill/handling(priority:policy:input:started:progress:output:failure:)``.
  ///
  /// - Parameters:
  ///   - base: The skill.
  ///   - priority: Its rank: lower runs first.
  ///   - policy: How its runs relate to other runs.
  ///   - input: The skill's input for an intent, or `nil` when the intent is not its.
  ///   - started: Effects emitted before the skill runs.
  ///   - progress: Turns a progress report into an effect.
  ///   - output: The effects of the output; `nil` falls through.
  ///   - failure: The effects of an error; `nil` leaves errors to the agent's `mapFailure`.
  public init(
    _ base: Base,
    priority: Int,
    policy: IntentPolicy,
    input: @escaping @Sendable (Intent) -> Base.Input?,
    started: @escaping @Sendable (Base.Input) -> [Effect],
    progress: (@Sendable (Double) -> Effect?)?,
    output: @escaping @Sendable (Base.Output) -> [Effect]?,
    failure: (@Sendable (any Error) -> [Effect])?
  ) {
    self.base = base
    self.priority = priority
    self.policy = policy
    self.input = input
    self.started = started
    self.progress = progress
    self.output = output
    self.failure = failure
  }

  /// The skill's name.
  public var name: String { base.name }

  /// Whether `input` gives the skill an input for `intent`.
  ///
  /// - Parameter intent: The intent to route.
  /// - Returns: `true` when the intent is this skill's.
  public func canHandle(_ intent: Intent) -> Bool { input(intent) != nil }

  /// The policy given when mounting.
  ///
  /// - Parameter intent: The intent about to run.
  /// - Returns: The policy given when the handler was made.
  public func policy(for intent: Intent) -> IntentPolicy { policy }

  /// Runs the skill with the intent's input and emits the effects of what it returns.
  ///
  /// - Parameters:
  ///   - intent: The intent.
  ///   - context: The agent's context when the run started (the skill does not see it).
  ///   - emit: Delivers the effects; the skill runs in its environment, tagged with this run.
  /// - Returns: ``Handling/handled``, or ``Handling/fallthrough`` when `output` returned `nil`.
  /// - Throws: The skill's error when there is no `failure` mapping; `CancellationError` when cancelled.
  public func handle(_ intent: Intent, context: Context, emit: EffectSink<Effect>) async throws -> Handling {
    guard let value = input(intent) else { return .fallthrough }
    let first = started(value)
    if !first.isEmpty { emit(contentsOf: first) }
    var reporter: (@Sendable (Double) -> Void)?
    if let progress {
      reporter = { fraction in
        if let effect = progress(fraction) { emit(effect) }
      }
    }
    let skillContext = SkillContext(
      skillName: emit.skillName, runID: emit.runID, environment: emit.environment, progress: reporter)
    let result: Base.Output
    do {
      result = try await base.run(value, context: skillContext)
    } catch {
      guard let failure, !isCancellation(error) else { throw error }
      emit(contentsOf: failure(error))
      throw MappedSkillFailure(underlying: error)
    }
    guard let effects = output(result) else { return .fallthrough }
    if !effects.isEmpty { emit(contentsOf: effects) }
    return .handled
  }
}

/// A skill's error that its ``SkillHandler`` already turned into effects: the
/// agent records the underlying error and skips its own failure mapping.
struct MappedSkillFailure: Error {
  /// The skill's error.
  let underlying: any Error
}

extension Skill {
  /// This skill as an agent's intent skill: `input` picks the intents it
  /// handles and gives its input; `output` (and `failure`) turn what it
  /// returns into effects. See ``SkillHandler``.
  ///
  /// ```swift
  /// @MainActor func mountSearch(on agent: MessageAgent) {
  ///   agent.mount(
  ///     SearchSkill().timeout(.seconds(5)).handling(
  ///       input: { (intent: MessageIntent) -> String? in
  ///         if case .search(let text) = intent { text } else { nil }
  ///       },
  ///       output: { matches in [.setPhase(matches.isEmpty ? .empty("No matches") : .loaded)] },
  ///       failure: { _ in [.setPhase(.failure("Search failed"))] }))
  /// }
  /// ```
  ///
  /// Mount it where the agent's types are known — in the agent's `skills`,
  /// with ``Agent/mount(_:)``, or in an ``IntentRoute`` — so they need not be
  /// spelled out.
  ///
  /// - Parameters:
  ///   - priority: The skill's rank: lower runs first. Defaults to 0.
  ///   - policy: How its runs relate to other runs. Defaults to ``IntentPolicy/cancelPrevious``.
  ///   - input: The skill's input for an intent, or `nil` when the intent is not this skill's.
  ///   - started: Effects emitted before the skill runs, such as a loading phase. Defaults to none.
  ///   - progress: Turns the skill's progress reports into effects. Defaults to none.
  ///   - output: The effects of the output; return `nil` to pass the intent to the next skill (a cache miss).
  ///   - failure: The effects of an error other than cancellation. Defaults to `nil`: the agent's
  ///     `mapFailure` handles it.
  /// - Returns: The mounted form of this skill.
  public func handling<Context: Sendable, Intent: Sendable, Effect: Sendable>(
    priority: Int = 0,
    policy: IntentPolicy = .cancelPrevious,
    input: @escaping @Sendable (Intent) -> Input?,
    started: @escaping @Sendable (Input) -> [Effect] = { _ in [] },
    progress: (@Sendable (Double) -> Effect?)? = nil,
    output: @escaping @Sendable (Output) -> [Effect]?,
    failure: (@Sendable (any Error) -> [Effect])? = nil
  ) -> SkillHandler<Self, Context, Intent, Effect> {
    SkillHandler(
      self, priority: priority, policy: policy, input: input, started: started, progress: progress, output: output,
      failure: failure)
  }
}

import Foundation

/// Receives effects for an ``EffectSink``: an agent's inbox, or a closure.
protocol EffectReceiver<Effect>: AnyObject, Sendable {
  associatedtype Effect: Sendable
  /// Receives `effect`, emitted by `run` (`nil` outside an agent).
  func receive(_ effect: Effect, from run: AgentTaskNode?)
  /// Receives `effects` at once, emitted by `run` (`nil` outside an agent).
  func receive(contentsOf effects: [Effect], from run: AgentTaskNode?)
}

/// How an ``IntentSkill`` reports effects to its agent, and reaches the
/// agent's environment: the injected clock, dependency values and a logger
/// tagged with the run.
///
/// ```swift
/// func handle(_ intent: Intent, context: Context, emit: EffectSink<Effect>) async throws -> Handling {
///   emit(.setLoading("Loading…"))
///   emit.logger.info("fetching page \(context.page)")      // [LoadMessagesSkill-8a2b] fetching page 2
///   try await emit.sleep(for: .milliseconds(300))           // on the agent's clock
///   let page = try await emit.dependencies.messages.fetch(page: context.page)
///   emit(.appendMessages(page))
///   return .handled
/// }
/// ```
///
/// Emitting is safe from any task or thread. Effects are applied on the main
/// actor in the order they were emitted; effects emitted in a burst are
/// applied together, in one main-actor turn that changes the context once.
/// Effects emitted after the run was cancelled or superseded, or after it
/// finished, are dropped (and recorded as dropped in the timeline).
///
/// To test a skill on its own, hand it the sink of an `EffectRecorder`
/// (`AgentSkillTesting`) and read what it emitted:
///
/// ```swift
/// let recorder = EffectRecorder<MessageEffect>()
/// _ = try await LoadMessagesSkill().handle(.load, context: MessageContext(), emit: recorder.sink)
/// #expect(recorder.effects == [.setLoading("Loading…"), .appendMessages(messages)])
/// ```
public struct EffectSink<Effect: Sendable>: Sendable {
  private let receiver: any EffectReceiver<Effect>
  private let run: AgentTaskNode?
  private let skillName: String
  private let identity: RunIdentity
  private let environment: SkillEnvironment

  /// The run's id, or what derives it: an agent run's id is only computed
  /// when the skill asks for its context or logger.
  private enum RunIdentity {
    case id(SkillRunID)
    case agentRun(agent: SkillRunID, sequence: UInt64)
  }

  /// Builds the sink of an agent run; its run id and ``skillContext`` are
  /// created only when used.
  init(
    receiver: any EffectReceiver<Effect>, run: AgentTaskNode, skillName: String, agentID: SkillRunID,
    environment: SkillEnvironment
  ) {
    self.receiver = receiver
    self.run = run
    self.skillName = skillName
    self.identity = .agentRun(agent: agentID, sequence: run.sequence)
    self.environment = environment
  }

  /// The run's id.
  private var runID: SkillRunID {
    switch identity {
    case .id(let id): id
    case .agentRun(let agent, let sequence): agentRunID(agent: agent, sequence: sequence)
    }
  }

  /// Creates a sink that hands every effect to `receive`, for calling a skill
  /// outside an agent (tests, previews).
  ///
  /// - Parameters:
  ///   - skillContext: The context the skill sees. Defaults to one with a
  ///     `ContinuousClock`, no dependencies and no log sink.
  ///   - receive: Called with each effect, on the emitting task.
  public init(
    skillContext: SkillContext = SkillContext(skillName: "EffectSink"),
    _ receive: @escaping @Sendable (Effect) -> Void
  ) {
    self.receiver = ClosureEffectReceiver(receive)
    self.run = nil
    self.skillName = skillContext.skillName
    self.identity = .id(skillContext.runID)
    self.environment = skillContext.environment
  }

  /// Emits `effect`.
  ///
  /// - Parameter effect: The effect for the agent's reducer.
  public func callAsFunction(_ effect: Effect) {
    receiver.receive(effect, from: run)
  }

  /// Emits several effects at once; they are applied together, in order.
  ///
  /// - Parameter effects: The effects for the agent's reducer.
  public func callAsFunction(contentsOf effects: some Sequence<Effect>) {
    receiver.receive(contentsOf: Array(effects), from: run)
  }

  /// The run's context: the clock, dependencies, a tagged logger and
  /// cancellation checks, for calling ``Skill``s from an intent skill.
  ///
  /// ```swift
  /// let page = try await FetchPageSkill().run(request, context: emit.skillContext)
  /// ```
  public var skillContext: SkillContext {
    SkillContext(skillName: skillName, runID: runID, environment: environment)
  }

  /// The agent's clock.
  public var clock: any Clock<Duration> { environment.clock }

  /// The agent's dependency values.
  public var dependencies: SkillDependencies { environment.dependencies }

  /// A logger whose lines are tagged `[SkillName-8a2b]`.
  public var logger: SkillLogger { SkillLogger(name: skillName, id: runID, sink: environment.logSink) }

  /// Whether the run has been cancelled.
  public var isCancelled: Bool { Task.isCancelled }

  /// Sleeps on the agent's clock.
  ///
  /// - Parameter duration: How long to sleep.
  /// - Throws: `CancellationError` when the run is cancelled while sleeping.
  public func sleep(for duration: Duration) async throws {
    try await AgentSkill.sleep(on: environment.clock, for: duration)
  }

  /// Throws `CancellationError` when the run has been cancelled.
  ///
  /// - Throws: `CancellationError`.
  public func checkCancellation() throws {
    try Task.checkCancellation()
  }
}

private final class ClosureEffectReceiver<Effect: Sendable>: EffectReceiver {
  private let body: @Sendable (Effect) -> Void

  init(_ body: @escaping @Sendable (Effect) -> Void) {
    self.body = body
  }

  func receive(_ effect: Effect, from run: AgentTaskNode?) { body(effect) }

  func receive(contentsOf effects: [Effect], from run: AgentTaskNode?) {
    for effect in effects { body(effect) }
  }
}

/// The id of an agent's run number `sequence`, derived from the agent's id:
/// unique per run, no randomness needed.
func agentRunID(agent: SkillRunID, sequence: UInt64) -> SkillRunID {
  var bytes = agent.rawValue.uuid
  let mixed = (sequence &* 0x9E37_79B9_7F4A_7C15) ^ (sequence << 17)
  withUnsafeMutableBytes(of: &bytes) { raw in
    for offset in 0..<8 {
      raw[offset] ^= UInt8(truncatingIfNeeded: mixed >> UInt64(56 - 8 * offset))
    }
  }
  return SkillRunID(rawValue: UUID(uuid: bytes))
}

import Foundation

/// Receives effects for an ``EffectSink``: an agent run's outlet, or a closure.
protocol EffectReceiver<Effect>: Sendable {
  associatedtype Effect: Sendable
  /// Receives `effect`.
  func receive(_ effect: Effect)
  /// Receives `effects` at once.
  func receive(contentsOf effects: [Effect])
}

/// How an ``IntentSkill`` reports effects to its agent, and reaches the
/// agent's environment: the injected clock, dependency values and a logger
/// tagged with the run.
///
/// ```swift
/// func handle(_ intent: MessageIntent, context: MessageContext, emit: EffectSink<MessageEffect>) async throws
///   -> Handling
/// {
///   emit(.setPhase(.loading("Loading…")))
///   emit.logger.info("fetching page 2")             // [LoadMessagesSkill-8a2b] fetching page 2
///   try await emit.sleep(for: .milliseconds(300))   // on the agent's clock
///   let page = try await api.messages(page: 2)
///   emit(.setMessages(context.messages + page.items))
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
/// guard case .setMessages(let messages) = recorder.effects.first else { Issue.record("no messages"); return }
/// #expect(messages == Message.samples)
/// ```
public struct EffectSink<Effect: Sendable>: Sendable {
  private let receiver: any EffectReceiver<Effect>
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
    receiver: any EffectReceiver<Effect>, skillName: String, agentID: SkillRunID, sequence: UInt64,
    environment: SkillEnvironment
  ) {
    self.receiver = receiver
    self.skillName = skillName
    self.identity = .agentRun(agent: agentID, sequence: sequence)
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
    self.receiver = ClosureEffectReceiver(body: receive)
    self.skillName = skillContext.skillName
    self.identity = .id(skillContext.runID)
    self.environment = skillContext.environment
  }

  /// Emits `effect`.
  ///
  /// - Parameter effect: The effect for the agent's reducer.
  public func callAsFunction(_ effect: Effect) {
    receiver.receive(effect)
  }

  /// Emits several effects at once; they are applied together, in order.
  ///
  /// - Parameter effects: The effects for the agent's reducer.
  public func callAsFunction(contentsOf effects: some Sequence<Effect>) {
    receiver.receive(contentsOf: Array(effects))
  }

  /// The run's context: the clock, dependencies, a tagged logger and
  /// cancellation checks, for calling ``Skill``s from an intent skill.
  ///
  /// ```swift
  /// func handle(_ intent: MessageIntent, context: MessageContext, emit: EffectSink<MessageEffect>) async throws
  ///   -> Handling
  /// {
  ///   guard case .search(let query) = intent else { return .fallthrough }
  ///   let matches = try await SearchSkill().run(query, context: emit.skillContext)   // same clock, logger, cancellation
  ///   emit.logger.info("\(matches.count) matches")
  ///   return .handled
  /// }
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

private struct ClosureEffectReceiver<Effect: Sendable>: EffectReceiver {
  let body: @Sendable (Effect) -> Void

  func receive(_ effect: Effect) { body(effect) }

  func receive(contentsOf effects: [Effect]) {
    for effect in effects { body(effect) }
  }
}

/// The id of an agent's run number `sequence`, derived from the agent's id:
/// unique per run, no randomness needed.
func agentRunID(agent: SkillRunID, sequence: UInt64) -> SkillRunID {
  let mixed = (sequence &* 0x9E37_79B9_7F4A_7C15) ^ (sequence << 17)
  func byte(_ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: mixed >> (56 - 8 * index)) }
  var bytes = agent.rawValue.uuid
  bytes.0 ^= byte(0)
  bytes.1 ^= byte(1)
  bytes.2 ^= byte(2)
  bytes.3 ^= byte(3)
  bytes.4 ^= byte(4)
  bytes.5 ^= byte(5)
  bytes.6 ^= byte(6)
  bytes.7 ^= byte(7)
  return SkillRunID(rawValue: UUID(uuid: bytes))
}

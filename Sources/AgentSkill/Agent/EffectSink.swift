import Foundation

/// Receives effects for an ``EffectSink``: an agent run's outlet, or a closure.
protocol EffectReceiver<Effect>: Sendable {
  associatedtype Effect: Sendable
  /// Receives `effect`.
  func receive(_ effect: Effect)
  /// Receives `effects` at once.
  func receive(contentsOf effects: [Effect])
  /// The agent's context as it is now, read on the main actor; `nil` when there is no agent (or it is gone).
  func currentContext() async -> (any Sendable)?
}

/// How an ``IntentSkill`` reports effects to its agent, reads the agent's
/// current context, and reaches the run's environment — the injected clock,
/// dependency values and a logger tagged with the run, the same members a
/// ``SkillContext`` has (both are a ``SkillRunScope``).
///
/// ```swift
/// func handle(_ intent: MessageIntent, context: MessageContext, emit: EffectSink<MessageEffect>) async throws
///   -> Handling
/// {
///   emit(.setPhase(.loading("Loading…")))
///   emit.logger.info("fetching page 2")             // [LoadMessagesSkill-8a2b] fetching page 2
///   try await emit.sleep(for: .milliseconds(300))   // on the agent's clock
///   let page = try await api.messages(page: 2)
///   emit(.appendMessages(page.items))               // a delta: what other runs changed meanwhile stays
///   return .handled
/// }
/// ```
///
/// `context` is the agent's context when the run started. Emit changes as
/// deltas (append these, replace that one) rather than whole values rebuilt
/// from it — another run may have changed the context meanwhile, and a whole
/// value would undo its change. To decide from the context as it is now, read
/// ``current(_:)``.
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
public struct EffectSink<Effect: Sendable>: SkillRunScope {
  private let receiver: any EffectReceiver<Effect>
  /// The name of the skill being run, used in the log tag.
  public let skillName: String
  private let identity: EffectSinkRunIdentity
  /// The agent's clock, dependencies, monitor and log sink.
  public let environment: SkillEnvironment

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

  /// The identifier of this run, used in the log tag.
  public var runID: SkillRunID {
    switch identity {
    case .id(let id): id
    case .agentRun(let agent, let sequence): agentRunID(agent: agent, sequence: sequence)
    }
  }

  /// A sink with all of its parts given.
  private init(
    receiver: any EffectReceiver<Effect>, skillName: String, identity: EffectSinkRunIdentity,
    environment: SkillEnvironment
  ) {
    self.receiver = receiver
    self.skillName = skillName
    self.identity = identity
    self.environment = environment
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

  /// The agent's context as it is now — not as it was when the run started —
  /// read on the main actor.
  ///
  /// ```swift
  /// func handle(_ intent: MessageIntent, context: MessageContext, emit: EffectSink<MessageEffect>) async throws
  ///   -> Handling
  /// {
  ///   let page = try await api.messages(page: 2)
  ///   let now = try await emit.current(MessageContext.self)
  ///   let fresh = page.items.filter { item in !now.messages.contains { $0.id == item.id } }
  ///   emit(.appendMessages(fresh))
  ///   return .handled
  /// }
  /// ```
  ///
  /// Decide from it, then emit a delta: the context may change again before
  /// the effect is applied.
  ///
  /// - Parameter type: The agent's context type.
  /// - Returns: The current context.
  /// - Throws: `CancellationError` when the agent is gone; ``AgentContextUnavailable`` when the sink belongs to
  ///   no agent (a closure sink in a test) or `type` is not the agent's context type.
  public func current<Context: Sendable>(_ type: Context.Type) async throws -> Context {
    guard let value = await receiver.currentContext() else {
      try Task.checkCancellation()
      throw AgentContextUnavailable(requested: "\(type)", actual: nil)
    }
    guard let context = value as? Context else {
      throw AgentContextUnavailable(requested: "\(type)", actual: "\(Swift.type(of: value))")
    }
    return context
  }
}

/// Why ``EffectSink/current(_:)`` could not read the agent's context.
public struct AgentContextUnavailable: Error, Sendable, CustomStringConvertible {
  /// The context type asked for.
  public let requested: String
  /// The agent's context type, or `nil` when the sink belongs to no agent.
  public let actual: String?

  /// What went wrong and how to fix it.
  public var description: String {
    guard let actual else {
      return "This effect sink belongs to no agent, so there is no current \(requested) to read; "
        + "run the skill in an agent, or pass the context the test needs as the handle(_:context:emit:) argument."
    }
    return "The agent's context is \(actual), not \(requested); pass \(actual).self to current(_:)."
  }
}

extension EffectSink {
  /// A sink for the effects of a part of this run's feature: each is wrapped by `transform` and delivered
  /// here (batches stay batches); the part's current context is `project` of this one's.
  func scoped<Part: Sendable>(
    _ transform: @escaping @Sendable (Part) -> Effect,
    context project: @escaping @Sendable (any Sendable) -> (any Sendable)?
  ) -> EffectSink<Part> {
    EffectSink<Part>(
      receiver: ScopedEffectReceiver(base: receiver, transform: transform, project: project),
      skillName: skillName, identity: identity, environment: environment)
  }
}

/// Delivers a part's effects, wrapped, to the whole feature's receiver.
private struct ScopedEffectReceiver<Part: Sendable, Effect: Sendable>: EffectReceiver {
  let base: any EffectReceiver<Effect>
  let transform: @Sendable (Part) -> Effect
  let project: @Sendable (any Sendable) -> (any Sendable)?

  func receive(_ effect: Part) { base.receive(transform(effect)) }

  func receive(contentsOf effects: [Part]) { base.receive(contentsOf: effects.map(transform)) }

  func currentContext() async -> (any Sendable)? {
    await base.currentContext().flatMap(project)
  }
}

/// Which run an effect sink belongs to: its id, or what derives it (an agent
/// run's id is only computed when the skill asks for its context or logger).
enum EffectSinkRunIdentity: Sendable {
  case id(SkillRunID)
  case agentRun(agent: SkillRunID, sequence: UInt64)
}

private struct ClosureEffectReceiver<Effect: Sendable>: EffectReceiver {
  let body: @Sendable (Effect) -> Void

  func receive(_ effect: Effect) { body(effect) }

  func receive(contentsOf effects: [Effect]) {
    for effect in effects { body(effect) }
  }

  func currentContext() async -> (any Sendable)? { nil }
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

/// A pluggable capability an ``Agent`` routes intents to.
///
/// The agent tries its skills in ascending ``priority`` (stable by mount
/// order). The first whose ``canHandle(_:)`` returns `true` runs
/// ``handle(_:context:emit:)``; it reports what happened by emitting effects,
/// which the agent's reducer applies to the context on the main actor.
///
/// ```swift
/// struct LoadMessagesSkill: IntentSkill {
///   var priority: Int { 100 }
///
///   func canHandle(_ intent: MessageIntent) -> Bool {
///     switch intent {
///     case .load, .refresh, .retry: true
///     case .search: false
///     }
///   }
///
///   func handle(
///     _ intent: MessageIntent, context: MessageContext, emit: EffectSink<MessageEffect>
///   ) async throws -> Handling {
///     emit(.setPhase(.loading("Loading…")))
///     let page = try await api.messages(page: 1)
///     emit(page.items.isEmpty ? .setPhase(.empty("No messages yet")) : .setMessages(page.items))
///     return .handled
///   }
/// }
/// ```
///
/// A skill is a value that knows nothing about views.
///
/// ## The environment: one way for both kinds of skill
/// A ``Skill`` reaches the injected clock, dependency values and its logger
/// through the ``SkillContext`` it is handed; an intent skill reaches the
/// same environment through `emit`, with the same names: `emit.sleep(for:)`
/// and `emit.clock` (the agent's clock), `emit.dependencies`, `emit.logger`
/// (lines tagged `[LoadMessagesSkill-8a2b]`), `emit.checkCancellation()`.
/// To call a `Skill` from an intent skill, hand it `emit.skillContext`: the
/// same environment, tagged with this run.
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
///
/// - Returning ``Handling/fallthrough`` passes the intent to the next skill
///   that can handle it (a cache skill that misses).
/// - A thrown error ends the run; the agent's failure mapping may turn it
///   into an effect. `CancellationError` is never reported as a failure.
/// - ``policy(for:)`` decides what happens when intents overlap (cancel the
///   previous one — the default —, run in parallel, drop, or queue).
public protocol IntentSkill<Context, Intent, Effect>: Sendable {
  /// The snapshot the agent's views observe.
  associatedtype Context: Sendable
  /// What users and the system ask the agent for.
  associatedtype Intent: Sendable
  /// What a skill reports; the agent's reducer applies it to the context.
  associatedtype Effect: Sendable

  /// A human-readable name used in the timeline, logs and diagnostics.
  ///
  /// Defaults to the skill's type name.
  var name: String { get }

  /// The skill's rank: lower runs first. Skills of equal priority keep their
  /// mount order.
  var priority: Int { get }

  /// Whether the skill can handle `intent`.
  ///
  /// Called on the main actor, when the intent is sent and when a previous
  /// skill falls through. Keep it cheap and free of side effects.
  ///
  /// - Parameter intent: The intent to route.
  /// - Returns: `true` when the skill wants the intent.
  func canHandle(_ intent: Intent) -> Bool

  /// How a run of this skill for `intent` relates to other runs: which lane
  /// it belongs to and what happens when that lane is busy.
  ///
  /// Defaults to ``IntentPolicy/cancelPrevious``: a new intent cancels the one
  /// in flight in the same lane: the latest request wins.
  ///
  /// - Parameter intent: The intent about to run.
  /// - Returns: The run's policy.
  func policy(for intent: Intent) -> IntentPolicy

  /// Performs the work for `intent`, emitting effects as it goes.
  ///
  /// Runs off the main actor. Effects passed to `emit` are applied on the
  /// main actor, in order; effects emitted in one burst are applied together.
  ///
  /// - Parameters:
  ///   - intent: The intent to handle.
  ///   - context: The agent's context when the run started.
  ///   - emit: Delivers effects to the agent, and gives access to the clock,
  ///     dependencies and logger.
  /// - Returns: ``Handling/handled``, or ``Handling/fallthrough`` to let the
  ///   next matching skill handle the intent.
  /// - Throws: Any error; the agent records it and applies its failure mapping.
  func handle(_ intent: Intent, context: Context, emit: EffectSink<Effect>) async throws -> Handling
}

extension IntentSkill {
  /// The skill's type name, without generic arguments.
  public var name: String {
    let full = String(describing: Self.self)
    if let angle = full.firstIndex(of: "<") {
      return String(full[..<angle])
    }
    return full
  }

  /// ``IntentPolicy/cancelPrevious``: a new intent cancels the one in flight
  /// in this skill's lane.
  ///
  /// - Parameter intent: The intent about to run.
  /// - Returns: ``IntentPolicy/cancelPrevious``.
  public func policy(for intent: Intent) -> IntentPolicy { .cancelPrevious }
}

/// What a skill did with an intent.
public enum Handling: Sendable, Hashable {
  /// The skill handled the intent; routing stops here.
  case handled
  /// The skill passes: the agent offers the intent to the next skill whose
  /// `canHandle` accepts it (for example a cache skill that missed).
  case `fallthrough`
}

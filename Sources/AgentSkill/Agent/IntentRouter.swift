/// Routes every intent with one `switch` the compiler checks: a new intent
/// case that nobody routes is a build error, not an intent lost at run time.
///
/// ```swift
/// let router = IntentRouter<MessageContext, MessageIntent, MessageEffect> { intent in
///   switch intent {
///   case .load, .refresh, .retry: .to(LoadMessagesSkill())
///   case .search(let text): .run(SearchSkill(), with: text, output: { _ in [.setPhase(.loaded)] })
///   }
/// }
/// let agent = MessageAgent(context: MessageContext(), skills: [router], reduce: MessageReducer.reduce)
/// ```
///
/// Each route's skill runs with its own ``IntentSkill/policy(for:)``; a
/// route whose skill keeps the default lane (``IntentLane/skill``) gets a
/// lane of its own, named after the skill, so routes do not cancel each
/// other. ``IntentRoute/ignore`` handles an intent on purpose by doing
/// nothing. When the routed skill falls through, so does the router: a skill
/// mounted after it (a lower priority) gets the intent — priority routing
/// stays available for cache-first fall-through.
public struct IntentRouter<Context: Sendable, Intent: Sendable, Effect: Sendable>: IntentSkill {
  /// The name shown in the timeline and logs.
  public let name: String
  /// The router's rank among the agent's skills: lower runs first.
  public let priority: Int
  private let route: @Sendable (Intent) -> IntentRoute<Context, Intent, Effect>

  /// Creates a router.
  ///
  /// - Parameters:
  ///   - name: The name shown in the timeline and logs. Defaults to `IntentRouter`.
  ///   - priority: The router's rank: lower runs first. Defaults to 0.
  ///   - route: Where each intent goes; write it as an exhaustive `switch`.
  public init(
    _ name: String = "IntentRouter",
    priority: Int = 0,
    route: @escaping @Sendable (Intent) -> IntentRoute<Context, Intent, Effect>
  ) {
    self.name = name
    self.priority = priority
    self.route = route
  }

  /// Whether the route's skill accepts `intent`; an ignored intent is accepted.
  ///
  /// - Parameter intent: The intent to route.
  /// - Returns: Whether the router handles it.
  public func canHandle(_ intent: Intent) -> Bool {
    switch route(intent).destination {
    case .skill(let skill): skill.canHandle(intent)
    case .ignore: true
    }
  }

  /// The routed skill's policy, in a lane of the route's own when the skill keeps the default lane.
  ///
  /// - Parameter intent: The intent about to run.
  /// - Returns: The policy.
  public func policy(for intent: Intent) -> IntentPolicy {
    switch route(intent).destination {
    case .skill(let skill):
      let policy = skill.policy(for: intent)
      guard policy.lane == .skill else { return policy }
      return policy.inLane(.custom(AgentTaskID(RouteLane(skill: skill.name))))
    case .ignore:
      return .parallel
    }
  }

  /// Hands the intent to the routed skill.
  ///
  /// - Parameters:
  ///   - intent: The intent.
  ///   - context: The agent's context when the run started.
  ///   - emit: Delivers the effects.
  /// - Returns: What the routed skill returns; ``Handling/handled`` for an ignored intent.
  /// - Throws: What the routed skill throws.
  public func handle(_ intent: Intent, context: Context, emit: EffectSink<Effect>) async throws -> Handling {
    switch route(intent).destination {
    case .skill(let skill): try await skill.handle(intent, context: context, emit: emit)
    case .ignore: .handled
    }
  }
}

/// Where an ``IntentRouter`` sends one intent.
public struct IntentRoute<Context: Sendable, Intent: Sendable, Effect: Sendable>: Sendable {
  enum Destination: Sendable {
    case skill(any IntentSkill<Context, Intent, Effect>)
    case ignore
  }

  let destination: Destination

  /// To `skill` (an ``IntentSkill``, or a ``Skill`` mounted with ``Skill/handling(priority:policy:input:started:progress:output:failure:)``).
  ///
  /// - Parameter skill: The skill that handles the intent.
  /// - Returns: The route.
  public static func to(_ skill: some IntentSkill<Context, Intent, Effect>) -> IntentRoute {
    IntentRoute(destination: .skill(skill))
  }

  /// To a ``Skill`` run with `input` — typically a value the `switch` bound — whose output (and failure) become
  /// effects, as with ``Skill/handling(priority:policy:input:started:progress:output:failure:)``.
  ///
  /// ```swift
  /// let router = IntentRouter<MessageContext, MessageIntent, MessageEffect> { intent in
  ///   switch intent {
  ///   case .search(let text):
  ///     .run(SearchSkill().timeout(.seconds(5)), with: text, output: { _ in [.setPhase(.loaded)] })
  ///   case .load, .refresh, .retry:
  ///     .to(LoadMessagesSkill())
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - skill: The skill.
  ///   - input: Its input.
  ///   - policy: How the run relates to other runs. Defaults to ``IntentPolicy/cancelPrevious``.
  ///   - started: Effects emitted before the skill runs. Defaults to none.
  ///   - output: The effects of the output; `nil` falls through.
  ///   - failure: The effects of an error; `nil` leaves it to the agent's `mapFailure`.
  /// - Returns: The route.
  public static func run<Routed: Skill>(
    _ skill: Routed,
    with input: Routed.Input,
    policy: IntentPolicy = .cancelPrevious,
    started: [Effect] = [],
    output: @escaping @Sendable (Routed.Output) -> [Effect]?,
    failure: (@Sendable (any Error) -> [Effect])? = nil
  ) -> IntentRoute {
    let handler = SkillHandler<Routed, Context, Intent, Effect>(
      skill, priority: 0, policy: policy, input: { _ in input }, started: { _ in started }, progress: nil,
      output: output, failure: failure)
    return IntentRoute(destination: .skill(handler))
  }

  /// Nowhere, on purpose: the intent is handled by doing nothing (and is not reported as unhandled).
  public static var ignore: IntentRoute { IntentRoute(destination: .ignore) }
}

/// The lane of one route's skill.
struct RouteLane: Hashable, Sendable {
  let skill: String
}

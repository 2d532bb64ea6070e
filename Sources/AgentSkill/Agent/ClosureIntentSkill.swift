/// An ``IntentSkill`` built from closures, for one-off skills, previews and tests.
///
/// ```swift
/// let search = ClosureIntentSkill<MessageContext, MessageIntent, MessageEffect>(
///   "SearchSkill", priority: 10,
///   canHandle: { if case .search = $0 { true } else { false } },
///   handle: { intent, context, emit in
///     guard case .search(let text) = intent else { return .fallthrough }
///     emit(.setMessages(context.messages.filter { $0.text.contains(text) }))
///     return .handled
///   })
/// ```
public struct ClosureIntentSkill<Context: Sendable, Intent: Sendable, Effect: Sendable>: IntentSkill {
  /// The name shown in the timeline and logs.
  public let name: String
  /// The skill's rank: lower runs first.
  public let priority: Int
  private let matches: @Sendable (Intent) -> Bool
  private let policyFor: @Sendable (Intent) -> IntentPolicy
  private let body: @Sendable (Intent, Context, EffectSink<Effect>) async throws -> Handling

  /// Creates a skill.
  ///
  /// - Parameters:
  ///   - name: The name shown in the timeline and logs.
  ///   - priority: The skill's rank: lower runs first. Defaults to 0.
  ///   - policy: The policy for each intent. Defaults to ``IntentPolicy/cancelPrevious``.
  ///   - canHandle: Whether the skill wants an intent.
  ///   - handle: The work; see ``IntentSkill/handle(_:context:emit:)``.
  public init(
    _ name: String,
    priority: Int = 0,
    policy: @escaping @Sendable (Intent) -> IntentPolicy = { _ in .cancelPrevious },
    canHandle: @escaping @Sendable (Intent) -> Bool,
    handle: @escaping @Sendable (Intent, Context, EffectSink<Effect>) async throws -> Handling
  ) {
    self.name = name
    self.priority = priority
    self.matches = canHandle
    self.policyFor = policy
    self.body = handle
  }

  /// Whether the `canHandle` closure accepts `intent`.
  ///
  /// - Parameter intent: The intent to route.
  /// - Returns: The closure's answer.
  public func canHandle(_ intent: Intent) -> Bool { matches(intent) }

  /// The `policy` closure's policy for `intent`.
  ///
  /// - Parameter intent: The intent about to run.
  /// - Returns: The policy.
  public func policy(for intent: Intent) -> IntentPolicy { policyFor(intent) }

  /// Runs the `handle` closure.
  ///
  /// - Parameters:
  ///   - intent: The intent to handle.
  ///   - context: The agent's context when the run started.
  ///   - emit: Delivers effects to the agent.
  /// - Returns: What the closure returns.
  /// - Throws: What the closure throws.
  public func handle(_ intent: Intent, context: Context, emit: EffectSink<Effect>) async throws -> Handling {
    try await body(intent, context, emit)
  }
}

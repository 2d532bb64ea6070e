extension IntentSkill {
  /// This skill as a skill of a larger feature: it handles the intents
  /// `intent` extracts, reads its part of the larger context, and its effects
  /// are wrapped by `effect` — so a screen reuses ready-made skills (the list
  /// feature's load, refresh and pagination) beside intents of its own.
  ///
  /// ```swift
  /// struct Inbox: Sendable { var list = ListContext<Message>() }
  /// enum InboxIntent: Sendable {
  ///   case list(ListIntent<Message>), delete(Message.ID)
  ///   var list: ListIntent<Message>? { if case .list(let intent) = self { intent } else { nil } }
  /// }
  /// enum InboxEffect: Sendable { case list(ListEffect<Message>), remove(Message.ID) }
  ///
  /// func inboxSkills(fetch: @escaping @Sendable (PageRequest) async throws -> Page<Message>)
  ///   -> [any IntentSkill<Inbox, InboxIntent, InboxEffect>]
  /// {
  ///   [ListLoadSkill(fetch: fetch).scoped(context: \.list, intent: \.list, effect: InboxEffect.list)]
  /// }
  /// ```
  ///
  /// The skill keeps its name, priority and policies; an intent it cannot
  /// extract falls through to the next skill.
  ///
  /// - Parameters:
  ///   - context: Where this skill's context sits in the larger one.
  ///   - intent: This skill's intent inside a larger intent, or `nil` for intents of the rest of the screen.
  ///   - effect: Wraps this skill's effects as the larger feature's.
  /// - Returns: The skill, for an agent of the larger feature.
  public func scoped<ParentContext: Sendable, ParentIntent: Sendable, ParentEffect: Sendable>(
    context: KeyPath<ParentContext, Context> & Sendable,
    intent: @escaping @Sendable (ParentIntent) -> Intent?,
    effect: @escaping @Sendable (Effect) -> ParentEffect
  ) -> some IntentSkill<ParentContext, ParentIntent, ParentEffect> {
    ScopedIntentSkill(base: self, context: context, intent: intent, effect: effect)
  }
}

/// An ``IntentSkill`` running inside a larger feature; see ``IntentSkill/scoped(context:intent:effect:)``.
struct ScopedIntentSkill<Base: IntentSkill, Context: Sendable, Intent: Sendable, Effect: Sendable>: IntentSkill {
  let base: Base
  let context: KeyPath<Context, Base.Context> & Sendable
  let intent: @Sendable (Intent) -> Base.Intent?
  let effect: @Sendable (Base.Effect) -> Effect

  var name: String { base.name }
  var priority: Int { base.priority }

  func canHandle(_ intent: Intent) -> Bool {
    self.intent(intent).map(base.canHandle) ?? false
  }

  func policy(for intent: Intent) -> IntentPolicy {
    self.intent(intent).map(base.policy(for:)) ?? .cancelPrevious
  }

  func handle(_ intent: Intent, context: Context, emit: EffectSink<Effect>) async throws -> Handling {
    guard let inner = self.intent(intent) else { return .fallthrough }
    let keyPath = self.context
    let sink = emit.scoped(effect) { ($0 as? Context)?[keyPath: keyPath] }
    return try await base.handle(inner, context: context[keyPath: keyPath], emit: sink)
  }
}

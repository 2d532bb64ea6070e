import AgentSkill

/// Runs a ``FormNavigation`` kept in an agent's context: the thin adapter
/// between the pure state machine and an ``/AgentSkill/Agent``.
///
/// The skill claims the intents that carry a ``FormNavigationEvent``, applies
/// the event to the navigation it reads from the context, timing submit taps
/// on the agent's clock, and emits a ``FormNavigationUpdate`` for the reducer
/// to store. Events are handled one at a time, in the order they were sent
/// (``/AgentSkill/IntentPolicy/enqueue``), each on the context the previous one left.
///
/// ```swift
/// enum SignUpIntent: Sendable { case form(FormNavigationEvent<Field>), createAccount }
/// enum SignUpEffect: Sendable { case form(FormNavigationUpdate<Field>) }
/// struct SignUpContext: Sendable { var form: FormNavigation<Field> }
///
/// func makeNavigationSkill() -> FormNavigationSkill<Field, SignUpContext, SignUpIntent, SignUpEffect> {
///   FormNavigationSkill(
///     event: { if case .form(let event) = $0 { event } else { nil } },
///     navigation: \.form,
///     effect: SignUpEffect.form)
/// }
/// ```
///
/// Mount one skill per agent: the first run fixes the time origin on the
/// agent's clock.
public struct FormNavigationSkill<Field: Hashable & Sendable, Context: Sendable, Intent: Sendable, Effect: Sendable>:
  IntentSkill
{
  /// The name shown in the timeline and logs.
  public let name: String
  /// The skill's rank: lower runs first.
  public let priority: Int
  private let event: @Sendable (Intent) -> FormNavigationEvent<Field>?
  private let navigation: @Sendable (Context) -> FormNavigation<Field>
  private let effect: @Sendable (FormNavigationUpdate<Field>) -> Effect
  private let origin = FormClockOrigin()

  /// Creates the skill.
  ///
  /// - Parameters:
  ///   - name: The name shown in the timeline and logs. Defaults to `FormNavigationSkill`.
  ///   - priority: The skill's rank: lower runs first. Defaults to 0.
  ///   - event: The form event an intent carries, or `nil` for intents the skill does not claim.
  ///   - navigation: Reads the navigation from the context.
  ///   - effect: Wraps an update in the agent's effect type.
  public init(
    _ name: String = "FormNavigationSkill",
    priority: Int = 0,
    event: @escaping @Sendable (Intent) -> FormNavigationEvent<Field>?,
    navigation: @escaping @Sendable (Context) -> FormNavigation<Field>,
    effect: @escaping @Sendable (FormNavigationUpdate<Field>) -> Effect
  ) {
    self.name = name
    self.priority = priority
    self.event = event
    self.navigation = navigation
    self.effect = effect
  }

  /// Whether `intent` carries a form event.
  ///
  /// - Parameter intent: The intent to route.
  /// - Returns: `true` when `event` extracts one.
  public func canHandle(_ intent: Intent) -> Bool { event(intent) != nil }

  /// ``/AgentSkill/IntentPolicy/enqueue``: events apply one after another, in order.
  ///
  /// - Parameter intent: The intent about to run.
  /// - Returns: ``/AgentSkill/IntentPolicy/enqueue``.
  public func policy(for intent: Intent) -> IntentPolicy { .enqueue }

  /// Applies the intent's event to the context's navigation and emits the update.
  ///
  /// - Parameters:
  ///   - intent: An intent carrying a form event.
  ///   - context: The agent's context.
  ///   - emit: Receives the ``FormNavigationUpdate``.
  /// - Returns: ``/AgentSkill/Handling/handled``, or ``/AgentSkill/Handling/fallthrough`` for an intent without a form event.
  public func handle(_ intent: Intent, context: Context, emit: EffectSink<Effect>) async throws -> Handling {
    guard let event = event(intent) else { return .fallthrough }
    var navigation = navigation(context)
    let commands = navigation.handle(event, at: origin.now(on: emit.clock))
    emit(effect(FormNavigationUpdate(navigation: navigation, commands: commands)))
    return .handled
  }
}

/// The time origin of a ``FormNavigationSkill``: set on the first run's
/// clock, so event times are durations on the agent's clock.
final class FormClockOrigin: Sendable {
  private let timeline = LockIsolated<ClockTimeline?>(nil)

  func now(on clock: any Clock<Duration>) -> Duration {
    timeline.withValue { timeline in
      let current = timeline ?? ClockTimeline(clock: clock)
      timeline = current
      return current.now
    }
  }
}

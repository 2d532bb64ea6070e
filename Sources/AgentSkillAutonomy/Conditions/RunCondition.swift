import AgentSkill

/// A named, checkable precondition for autonomous behaviour: "online",
/// "last edit ≥ 30 s ago", "¬focus mode".
///
/// Conditions compose with `.all(…)`, `.any(…)` and `.not(…)`, and their
/// descriptions compose with them, so a log line says exactly what was
/// checked:
///
/// ```swift
/// let canSync: some RunCondition = .all(
///   .predicate("online") { await network.isOnline },
///   .any(.predicate("on Wi-Fi") { await network.isWiFi }, .predicate("charging") { battery.isCharging }),
///   .not(.onMainActor("focus mode") { settings.isInFocusMode })
/// )
/// print(canSync)                          // online ∧ (on Wi-Fi ∨ charging) ∧ ¬focus mode
/// let evaluation = await canSync.evaluate()
/// print(evaluation.unmet)                 // ["online"] when offline
/// ```
///
/// `isMet` is asynchronous so a condition can read state owned by an actor —
/// notably main-actor state such as `@AppStorage` values or an `@Observable`
/// settings model, which must not be read from a background task (it may
/// return a stale or default value). A condition that needs no suspension
/// implements it as a plain synchronous getter:
///
/// ```swift
/// struct BatteryNotLow: RunCondition {
///   var isMet: Bool { battery.level > 0.2 }
///   var description: String { "battery > 20 %" }
/// }
/// ```
///
/// Checking a condition must not change anything: pollers check conditions
/// on every tick and ``evaluate()`` checks every sub-condition.
public protocol RunCondition: Sendable, CustomStringConvertible {
  /// Whether the condition holds right now.
  var isMet: Bool { get async }

  /// A short human-readable statement of what holds when the condition is
  /// met, such as `online` or `last edit ≥ 30 s ago`.
  var description: String { get }

  /// Checks the condition and returns a report of which sub-conditions held.
  ///
  /// The default implementation reports this condition as a single leaf.
  /// Combinators check every sub-condition (rather than stopping at the
  /// first failure, as ``isMet`` does) so the report is complete.
  ///
  /// - Returns: Whether the condition held, with one entry per sub-condition.
  func evaluate() async -> ConditionEvaluation
}

extension RunCondition {
  /// Checks ``isMet`` and reports this condition as a single leaf.
  ///
  /// - Returns: A leaf evaluation carrying ``description`` and the result.
  public func evaluate() async -> ConditionEvaluation {
    ConditionEvaluation(condition: description, isMet: await isMet)
  }
}

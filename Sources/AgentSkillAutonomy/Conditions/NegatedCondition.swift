import AgentSkill

/// A condition met when its base condition is not met (logical not).
///
/// Build it with `.not(…)`; its description prefixes the base with `¬`:
///
/// ```swift
/// let condition: some RunCondition = .not(focusMode)
/// print(condition)   // ¬focus mode
/// ```
public struct NegatedCondition: RunCondition {
  /// The condition that must not hold.
  package let base: any RunCondition

  /// Creates the negation of `base`.
  ///
  /// - Parameter base: The condition that must not hold.
  public init(_ base: any RunCondition) {
    self.base = base
  }

  /// Whether the base condition does not hold.
  public var isMet: Bool {
    get async { !(await base.isMet) }
  }

  /// `¬` followed by the base, parenthesised when it is a combination:
  /// `¬focus mode`, `¬(a ∧ b)`.
  public var description: String {
    "¬" + ConditionDescription.operand(base, within: .not)
  }

  /// Checks the base and reports it as the only child.
  ///
  /// - Returns: A `not` evaluation whose child is the base's evaluation.
  public func evaluate() async -> ConditionEvaluation {
    let child = await base.evaluate()
    return ConditionEvaluation(condition: description, isMet: !child.isMet, kind: .not, children: [child])
  }
}

extension RunCondition where Self == NegatedCondition {
  /// A condition met when `condition` is not met.
  ///
  /// ```swift
  /// let canSync: some RunCondition = .all(online, .not(focusMode))   // online ∧ ¬focus mode
  /// ```
  ///
  /// - Parameter condition: The condition that must not hold.
  /// - Returns: Its negation, described as `¬condition`.
  public static func not(_ condition: any RunCondition) -> NegatedCondition {
    NegatedCondition(condition)
  }
}

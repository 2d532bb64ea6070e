import AgentSkill

/// A condition met when every one of its conditions is met (logical and).
///
/// Build it with `.all(…)`; its description joins the parts with `∧`:
///
/// ```swift
/// let condition: some RunCondition = .all(online, .not(focusMode))
/// print(condition)   // online ∧ ¬focus mode
/// ```
///
/// With no parts it is always met and described as `always`.
public struct AllConditions: RunCondition {
  /// The conditions that must all hold, in the order they are checked.
  package let conditions: [any RunCondition]

  /// Creates the conjunction of `conditions`.
  ///
  /// - Parameter conditions: The conditions that must all hold.
  public init(_ conditions: [any RunCondition]) {
    self.conditions = conditions
  }

  /// Whether every condition holds; stops checking at the first that does not.
  public var isMet: Bool {
    get async {
      for condition in conditions where !(await condition.isMet) {
        return false
      }
      return true
    }
  }

  /// The parts joined by `∧`, such as `online ∧ (wifi ∨ charging)`.
  public var description: String {
    guard !conditions.isEmpty else { return "always" }
    if conditions.count == 1, let only = conditions.first { return only.description }
    return conditions.map { ConditionDescription.operand($0, within: .all) }.joined(separator: " ∧ ")
  }

  /// Checks every part (no short-circuit) so the report names each failure.
  ///
  /// - Returns: An `all` evaluation with one child per part.
  public func evaluate() async -> ConditionEvaluation {
    var children: [ConditionEvaluation] = []
    children.reserveCapacity(conditions.count)
    for condition in conditions {
      children.append(await condition.evaluate())
    }
    return ConditionEvaluation(
      condition: description,
      isMet: children.allSatisfy(\.isMet),
      kind: .all,
      children: children
    )
  }
}

extension RunCondition where Self == AllConditions {
  /// A condition met when every one of `conditions` is met.
  ///
  /// ```swift
  /// let poller = Poller(every: .seconds(5), when: .all(edited, online, .not(focusMode)), run: SyncSkill())
  /// ```
  ///
  /// - Parameter conditions: The conditions that must all hold.
  /// - Returns: Their conjunction, described as `a ∧ b ∧ ¬c`.
  public static func all(_ conditions: any RunCondition...) -> AllConditions {
    AllConditions(conditions)
  }

  /// A condition met when every one of `conditions` is met.
  ///
  /// - Parameter conditions: The conditions that must all hold.
  /// - Returns: Their conjunction, described as `a ∧ b ∧ ¬c`.
  public static func all(_ conditions: [any RunCondition]) -> AllConditions {
    AllConditions(conditions)
  }
}

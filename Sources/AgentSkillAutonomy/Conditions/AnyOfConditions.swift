import AgentSkill

/// A condition met when at least one of its conditions is met (logical or).
///
/// Build it with `.any(…)`; its description joins the parts with `∨`:
///
/// ```swift
/// let condition: some RunCondition = .any(onWiFi, charging)
/// print(condition)   // on Wi-Fi ∨ charging
/// ```
///
/// With no parts it is never met and described as `never`.
public struct AnyOfConditions: RunCondition {
  /// The conditions of which one must hold, in the order they are checked.
  package let conditions: [any RunCondition]

  /// Creates the disjunction of `conditions`.
  ///
  /// - Parameter conditions: The conditions of which one must hold.
  public init(_ conditions: [any RunCondition]) {
    self.conditions = conditions
  }

  /// Whether any condition holds; stops checking at the first that does.
  public var isMet: Bool {
    get async {
      for condition in conditions where await condition.isMet {
        return true
      }
      return false
    }
  }

  /// The parts joined by `∨`, such as `on Wi-Fi ∨ (charging ∧ idle)`.
  public var description: String {
    guard !conditions.isEmpty else { return "never" }
    if conditions.count == 1, let only = conditions.first { return only.description }
    return conditions.map { ConditionDescription.operand($0, within: .any) }.joined(separator: " ∨ ")
  }

  /// Checks every part (no short-circuit) so the report is complete.
  ///
  /// - Returns: An `any` evaluation with one child per part.
  public func evaluate() async -> ConditionEvaluation {
    var children: [ConditionEvaluation] = []
    children.reserveCapacity(conditions.count)
    for condition in conditions {
      children.append(await condition.evaluate())
    }
    return ConditionEvaluation(
      condition: description,
      isMet: children.contains(where: \.isMet),
      kind: .any,
      children: children
    )
  }
}

extension RunCondition where Self == AnyOfConditions {
  /// A condition met when at least one of `conditions` is met.
  ///
  /// ```swift
  /// let cheapNetwork: some RunCondition = .any(onWiFi, onEthernet)
  /// ```
  ///
  /// - Parameter conditions: The conditions of which one must hold.
  /// - Returns: Their disjunction, described as `a ∨ b`.
  public static func any(_ conditions: any RunCondition...) -> AnyOfConditions {
    AnyOfConditions(conditions)
  }

  /// A condition met when at least one of `conditions` is met.
  ///
  /// - Parameter conditions: The conditions of which one must hold.
  /// - Returns: Their disjunction, described as `a ∨ b`.
  public static func any(_ conditions: [any RunCondition]) -> AnyOfConditions {
    AnyOfConditions(conditions)
  }
}

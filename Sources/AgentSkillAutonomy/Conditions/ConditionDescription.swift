import AgentSkill

/// Composes combinator descriptions: parenthesises a combination nested in a
/// different combinator, so `.all(a, .any(b, c))` reads `a ∧ (b ∨ c)`.
enum ConditionDescription {
  /// The description of `condition` as an operand of a `parent` combinator.
  ///
  /// A combinator with a single part stands for that part, so it is looked
  /// through: `.all(a, .all(.any(b, c)))` reads `a ∧ (b ∨ c)`.
  static func operand(_ condition: any RunCondition, within parent: ConditionEvaluation.Kind) -> String {
    let kind: ConditionEvaluation.Kind
    switch condition {
    case let all as AllConditions:
      if all.conditions.count == 1, let only = all.conditions.first { return operand(only, within: parent) }
      if all.conditions.isEmpty { return condition.description }
      kind = .all
    case let any as AnyOfConditions:
      if any.conditions.count == 1, let only = any.conditions.first { return operand(only, within: parent) }
      if any.conditions.isEmpty { return condition.description }
      kind = .any
    default:
      return condition.description
    }
    return kind == parent ? condition.description : "(\(condition.description))"
  }
}

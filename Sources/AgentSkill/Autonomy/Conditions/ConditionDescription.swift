/// Composes combinator descriptions: parenthesises a combination nested in a
/// different combinator, so `.all(a, .any(b, c))` reads `a ∧ (b ∨ c)`.
enum ConditionDescription {
  /// The description of `condition` as an operand of a `parent` combinator.
  static func operand(_ condition: any AgentCondition, within parent: ConditionEvaluation.Kind) -> String {
    let kind: ConditionEvaluation.Kind
    switch condition {
    case let all as AllConditions where all.conditions.count > 1: kind = .all
    case let any as AnyOfConditions where any.conditions.count > 1: kind = .any
    default: return condition.description
    }
    return kind == parent ? condition.description : "(\(condition.description))"
  }
}

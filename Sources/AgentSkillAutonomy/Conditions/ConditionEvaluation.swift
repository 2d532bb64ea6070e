import AgentSkill

/// The result of checking an ``RunCondition``, with the result of every
/// sub-condition: the explanation a poller logs when it skips a tick.
///
/// ```swift
/// let canSave: some RunCondition = .all(edited, online, .not(focusMode))
/// let evaluation = await canSave.evaluate()
/// evaluation.isMet          // false
/// evaluation.unmet          // ["online", "¬focus mode"]
/// print(evaluation)         // not met: online, ¬focus mode
/// print(evaluation.tree)
/// // ✗ last edit ≥ 30 s ago ∧ online ∧ ¬focus mode
/// //   ✓ last edit ≥ 30 s ago
/// //   ✗ online
/// //   ✗ ¬focus mode
/// ```
public struct ConditionEvaluation: Sendable, Hashable, CustomStringConvertible {
  /// How an evaluation combines its children.
  public enum Kind: Sendable, Hashable {
    /// A single condition with no sub-conditions.
    case condition
    /// Met when every child is met (``AllConditions``).
    case all
    /// Met when at least one child is met (``AnyOfConditions``).
    case any
    /// Met when its only child is not met (``NegatedCondition``).
    case not
  }

  /// The evaluated condition's description, such as `online ∧ ¬focus mode`.
  public let condition: String
  /// Whether the condition held.
  public let isMet: Bool
  /// How the children combine.
  public let kind: Kind
  /// The evaluations of the sub-conditions, in declaration order.
  public let children: [ConditionEvaluation]

  /// Creates an evaluation.
  ///
  /// - Parameters:
  ///   - condition: The evaluated condition's description.
  ///   - isMet: Whether it held.
  ///   - kind: How `children` combine. Defaults to a single condition.
  ///   - children: The sub-conditions' evaluations.
  public init(condition: String, isMet: Bool, kind: Kind = .condition, children: [ConditionEvaluation] = []) {
    self.condition = condition
    self.isMet = isMet
    self.kind = kind
    self.children = children
  }

  /// The smallest sub-conditions that made the evaluation fail, such as
  /// `["online", "¬focus mode"]`; empty when the condition held.
  ///
  /// An unmet `all` lists the unmet items of its failing children; an unmet
  /// `any` or `not` is listed whole (`wifi ∨ ethernet`, `¬focus mode`),
  /// because no single child explains it.
  public var unmet: [String] {
    guard !isMet else { return [] }
    switch kind {
    case .all:
      let reasons = children.flatMap(\.unmet)
      return reasons.isEmpty ? [condition] : reasons
    case .condition, .any, .not:
      return [condition]
    }
  }

  /// `met: <condition>` or `not met: <unmet sub-conditions>`.
  public var description: String {
    isMet ? "met: \(condition)" : "not met: \(unmet.joined(separator: ", "))"
  }

  /// One line per condition and sub-condition, marked ✓ or ✗ and indented
  /// by depth.
  public var tree: String {
    var lines: [String] = []
    appendTree(to: &lines, depth: 0)
    return lines.joined(separator: "\n")
  }

  private func appendTree(to lines: inout [String], depth: Int) {
    lines.append(String(repeating: "  ", count: depth) + (isMet ? "✓ " : "✗ ") + condition)
    for child in children {
      child.appendTree(to: &lines, depth: depth + 1)
    }
  }
}

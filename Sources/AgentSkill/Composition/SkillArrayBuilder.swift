/// Builds a list of skills that share an input and output type, for
/// ``PipelineSkill`` and ``SequenceSkill``.
///
/// Supports `if`, `if`/`else`, `switch`, `for … in` and optional skills:
///
/// ```swift
/// let rules = ["no double spaces", "serial comma"]
/// let cleanUp = PipelineSkill<Draft> {
///   TrimSkill()
///   if settings.spellCheck { SpellCheckSkill() }
///   for rule in rules { ClosureSkill<Draft, Draft>(rule) { draft, _ in draft } }
/// }
/// ```
@resultBuilder
public enum SkillArrayBuilder<Input: Sendable, Output: Sendable> {
  /// One skill, type-erased.
  ///
  /// - Parameter skill: A skill of the list's input and output type.
  /// - Returns: The skill as a one-element list.
  public static func buildExpression<S: Skill>(_ skill: S) -> [AnySkill<Input, Output>]
  where S.Input == Input, S.Output == Output {
    [AnySkill(skill)]
  }

  /// A list of skills, such as an array built elsewhere.
  ///
  /// - Parameter skills: Skills of the list's input and output type.
  /// - Returns: The same skills.
  public static func buildExpression(_ skills: [AnySkill<Input, Output>]) -> [AnySkill<Input, Output>] {
    skills
  }

  /// Concatenates the statements of a block.
  ///
  /// - Parameter parts: Each statement's skills.
  /// - Returns: All skills, in order.
  public static func buildBlock(_ parts: [AnySkill<Input, Output>]...) -> [AnySkill<Input, Output>] {
    parts.flatMap { $0 }
  }

  /// The skills of an `if` without `else`, or none.
  ///
  /// - Parameter part: The skills when the condition held.
  /// - Returns: Those skills, or an empty list.
  public static func buildOptional(_ part: [AnySkill<Input, Output>]?) -> [AnySkill<Input, Output>] {
    part ?? []
  }

  /// The skills of the first branch of an `if`/`else` or `switch`.
  ///
  /// - Parameter first: The branch's skills.
  /// - Returns: The same skills.
  public static func buildEither(first: [AnySkill<Input, Output>]) -> [AnySkill<Input, Output>] {
    first
  }

  /// The skills of the second branch of an `if`/`else` or `switch`.
  ///
  /// - Parameter second: The branch's skills.
  /// - Returns: The same skills.
  public static func buildEither(second: [AnySkill<Input, Output>]) -> [AnySkill<Input, Output>] {
    second
  }

  /// The skills of every iteration of a `for … in` loop.
  ///
  /// - Parameter parts: Each iteration's skills.
  /// - Returns: All skills, in order.
  public static func buildArray(_ parts: [[AnySkill<Input, Output>]]) -> [AnySkill<Input, Output>] {
    parts.flatMap { $0 }
  }

  /// Skills inside `if #available`.
  ///
  /// - Parameter part: The skills.
  /// - Returns: The same skills.
  public static func buildLimitedAvailability(_ part: [AnySkill<Input, Output>]) -> [AnySkill<Input, Output>] {
    part
  }
}

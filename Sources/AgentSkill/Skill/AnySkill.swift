/// A type-erased skill, for storing skills of different types that share an
/// input and output.
///
/// ```swift
/// let steps: [AnySkill<Draft, Draft>] = [AnySkill(TrimSkill()), AnySkill(SpellCheckSkill())]
/// ```
///
/// Erasing changes nothing but the type: a pipeline wrapped in `AnySkill`
/// still contributes its own steps (names, numbers, progress shares) to an
/// enclosing pipeline, exactly as it does unwrapped.
public struct AnySkill<Input: Sendable, Output: Sendable>: Skill {
  /// The wrapped skill's name.
  public let name: String
  private let body: @Sendable (Input, SkillContext) async throws -> Output
  private let check: @Sendable (Input) throws(SkillInputRejection) -> Void
  /// The wrapped skill's steps as a step of a pipeline (its own steps when
  /// it is a pipeline).
  let segment: PipelineSegment<Input, Output>

  /// Wraps `skill`; wrapping an `AnySkill` returns it unchanged.
  ///
  /// - Parameter skill: The skill to erase.
  public init<S: Skill>(_ skill: S) where S.Input == Input, S.Output == Output {
    if let erased = skill as? AnySkill<Input, Output> {
      self = erased
      return
    }
    self.name = skill.name
    self.body = { input, context in try await skill.run(input, context: context) }
    self.check = { input throws(SkillInputRejection) in try skill.validate(input) }
    self.segment = PipelineSegment(skill)
  }

  /// Checks `input` with the wrapped skill's ``Skill/validate(_:)``.
  ///
  /// - Parameter input: The input.
  /// - Throws: The wrapped skill's ``SkillInputRejection``.
  public func validate(_ input: Input) throws(SkillInputRejection) {
    try check(input)
  }

  /// Runs the wrapped skill.
  ///
  /// - Parameters:
  ///   - input: The value to work on.
  ///   - context: The run's context.
  /// - Returns: The wrapped skill's output.
  /// - Throws: Whatever the wrapped skill throws.
  public func run(_ input: Input, context: SkillContext) async throws -> Output {
    try await body(input, context)
  }
}

extension AnySkill: ComposedPipeline {}

extension Skill {
  /// This skill, type-erased.
  package func eraseToAnySkill() -> AnySkill<Input, Output> { AnySkill(self) }
}

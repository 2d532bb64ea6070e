/// Two skills run one after the other, the first one's output feeding the
/// second one's input. Built with ``Skill/then(_:)``.
///
/// ```swift
/// let register = ValidateEmailSkill()
///   .then(SendVerificationCodeSkill())
///   .then(VerifyCodeSkill())
///   .then(CreateAccountSkill())
/// let account = try await register.run(form)
/// ```
///
/// What ``Skill/then(_:)`` returns; its documentation describes the behaviour.
public struct ChainedSkill<First: Skill, Second: Skill>: Skill where First.Output == Second.Input {
  /// The skill that runs first.
  package let first: First
  /// The skill that receives the first one's output.
  package let second: Second
  /// The chain's steps, nested pipelines flattened; built once here, so
  /// that no run reads a step's name.
  let segment: PipelineSegment<First.Input, Second.Output>

  /// Chains `first` and `second`; prefer ``Skill/then(_:)``.
  ///
  /// - Parameters:
  ///   - first: The skill that runs first.
  ///   - second: The skill that receives the first one's output.
  package init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
    self.segment = PipelineSegment(first).followed(by: PipelineSegment(second))
  }

  /// `Pipeline(…)` with the names of all steps of the chain, such as
  /// `Pipeline(ValidateEmailSkill,SendVerificationCodeSkill)`.
  ///
  /// Give the chain a shorter name for its log tag with ``Skill/named(_:)``.
  public var name: String { "Pipeline(\(segment.names.joined(separator: ",")))" }

  /// Checks `input` with the first skill's ``Skill/validate(_:)``.
  ///
  /// - Parameter input: The input.
  /// - Throws: The first skill's ``SkillInputRejection``.
  public func validate(_ input: First.Input) throws(SkillInputRejection) {
    try first.validate(input)
  }

  /// Runs the first skill, then the second with its output.
  ///
  /// - Parameters:
  ///   - input: The first skill's input.
  ///   - context: The run's context.
  /// - Returns: The second skill's output.
  /// - Throws: ``PipelineError`` naming the step that failed, or `CancellationError`.
  public func run(_ input: First.Input, context: SkillContext) async throws -> Second.Output {
    try await segment.run(input, context: context)
  }
}

extension ChainedSkill: ComposedPipeline {}

extension Skill {
  /// A pipeline that runs this skill, then `next` with this skill's output.
  ///
  /// ```swift
  /// let register = ValidateEmailSkill().then(SendVerificationCodeSkill()).then(VerifyCodeSkill())
  /// ```
  ///
  /// - A step that throws stops the chain; the chain throws
  ///   ``PipelineError/stepFailed(index:name:underlying:)`` naming that step,
  ///   numbered across the whole chain (`a.then(b).then(c)` has steps 1–3).
  ///   `CancellationError` passes through unwrapped.
  /// - Progress: each step covers an equal share of 0…1, so step 2 of 4
  ///   reports within 0.25…0.5, and its share counts as done when it
  ///   succeeds — steps that report no progress still move the bar.
  /// - Each step runs in a context named after it, so its log lines are tagged
  ///   `[VerifyCodeSkill-8a2b]` and an installed monitor sees it start and finish.
  /// - Nested pipelines flatten: a chain or a ``PipelineSkill`` used as a step
  ///   contributes its own steps, whether or not it was type-erased with
  ///   ``AnySkill``. A pipeline renamed with ``Skill/named(_:)`` counts as one step.
  ///
  /// - Parameter next: The skill that receives this skill's output.
  /// - Returns: The two-step pipeline, itself a skill.
  public func then<Next: Skill>(_ next: Next) -> ChainedSkill<Self, Next> where Next.Input == Output {
    ChainedSkill(self, next)
  }
}

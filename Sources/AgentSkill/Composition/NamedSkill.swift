/// A skill under another name, for log tags, monitors and error messages.
/// Built with ``Skill/named(_:)``.
///
/// ```swift
/// let register = ValidateEmailSkill().then(VerifyCodeSkill()).then(CreateAccountSkill()).named("Register")
/// SkillRunner(register)   // logs as [Register-8a2b]
/// ```
///
/// Everything else — input, output, progress, errors — is the wrapped skill's.
/// The wrapper hides a pipeline's steps from an enclosing pipeline, which
/// then counts it as one step.
public struct NamedSkill<Base: Skill>: Skill {
  /// The wrapped skill.
  package let base: Base
  /// The name shown in logs, monitors and errors.
  public let name: String

  /// Wraps `base` under `name`; prefer ``Skill/named(_:)``.
  ///
  /// - Parameters:
  ///   - base: The skill to rename.
  ///   - name: The new name.
  package init(_ base: Base, name: String) {
    self.base = base
    self.name = name
  }

  /// Checks `input` with the base skill's ``Skill/validate(_:)``.
  ///
  /// - Parameter input: The input.
  /// - Throws: The base skill's ``SkillInputRejection``.
  public func validate(_ input: Base.Input) throws(SkillInputRejection) {
    try base.validate(input)
  }

  /// Runs the wrapped skill.
  ///
  /// - Parameters:
  ///   - input: The wrapped skill's input.
  ///   - context: The run's context.
  /// - Returns: The wrapped skill's output.
  /// - Throws: Whatever the wrapped skill throws.
  public func run(_ input: Base.Input, context: SkillContext) async throws -> Base.Output {
    try await base.run(input, context: context)
  }
}

extension Skill {
  /// This skill under `name` in log tags, monitors and error messages.
  ///
  /// ```swift
  /// let register = ValidateEmailSkill().then(CreateAccountSkill()).named("Register")
  /// ```
  ///
  /// - Parameter name: The new name.
  /// - Returns: The renamed skill.
  public func named(_ name: String) -> NamedSkill<Self> {
    NamedSkill(self, name: name)
  }
}

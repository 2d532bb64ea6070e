/// A skill built from a closure, for one-off capabilities.
///
/// ```swift
/// let greet = ClosureSkill<String, String>("Greet") { name, _ in
///   "Hello, \(name)!"
/// }
/// let text = try await greet.run("Ada")
/// ```
public struct ClosureSkill<Input: Sendable, Output: Sendable>: Skill {
  /// The name shown in logs and errors.
  public let name: String
  private let body: @Sendable (Input, SkillContext) async throws -> Output

  /// Creates a skill that runs `body`.
  ///
  /// - Parameters:
  ///   - name: The name shown in logs and errors.
  ///   - body: The work, given the input and the run's context.
  public init(
    _ name: String = "ClosureSkill",
    _ body: @escaping @Sendable (Input, SkillContext) async throws -> Output
  ) {
    self.name = name
    self.body = body
  }

  /// Runs the closure.
  ///
  /// - Parameters:
  ///   - input: The value to work on.
  ///   - context: The run's context.
  /// - Returns: The closure's result.
  /// - Throws: Whatever the closure throws.
  public func run(_ input: Input, context: SkillContext) async throws -> Output {
    try await body(input, context)
  }
}

/// Runs a skill only when a condition on its input holds. Built with
/// ``Skill/when(_:)`` or ``Skill/when(_:otherwise:)``.
///
/// ```swift
/// // Output? — nil when skipped
/// let autosave = SaveDraftSkill().when { draft in await network.isOnline && draft.isDirty }
///
/// // a value of the skill's own type when skipped
/// let feed = LoadFeedSkill().when({ _ in await network.isOnline }, otherwise: { _ in Feed() })
///
/// // pass the input through unchanged when skipped, e.g. as a pipeline step
/// let clean = TrimSkill().then(SpellCheckSkill().when({ _ in await settings.spellCheck }, otherwise: { $0 }))
/// ```
///
/// The condition runs in the same task as the skill, once per run, before
/// the skill starts. An error the condition throws propagates unchanged and
/// the skill does not run. When the skill is skipped, nothing is logged above
/// debug level and progress is reported as 1.
public struct ConditionalSkill<Base: Skill, Output: Sendable>: Skill {
  /// The skill that runs when the condition holds.
  package let base: Base
  private let condition: @Sendable (Base.Input) async throws -> Bool
  private let transform: @Sendable (Base.Output) -> Output
  private let otherwise: @Sendable (Base.Input) async throws -> Output

  /// The base skill's name.
  public var name: String { base.name }

  /// Runs the base skill when the condition holds, otherwise produces the
  /// skipped value.
  ///
  /// - Parameters:
  ///   - input: The value the condition checks and the skill receives.
  ///   - context: The run's context.
  /// - Returns: The base skill's output, or the value for a skipped run.
  /// - Throws: Whatever the condition, the skill or the `otherwise` closure throws.
  public func run(_ input: Base.Input, context: SkillContext) async throws -> Output {
    try context.checkCancellation()
    guard try await condition(input) else {
      context.logger.debug("skipped: condition not met")
      context.reportProgress(1)
      return try await otherwise(input)
    }
    return transform(try await base.run(input, context: context))
  }
}

extension ConditionalSkill {
  /// Creates a gated skill; prefer ``Skill/when(_:)`` and ``Skill/when(_:otherwise:)``.
  ///
  /// - Parameters:
  ///   - base: The skill that runs when the condition holds.
  ///   - condition: Decides from the input whether the skill runs.
  ///   - otherwise: The output when the condition does not hold.
  package init(
    _ base: Base,
    condition: @escaping @Sendable (Base.Input) async throws -> Bool,
    otherwise: @escaping @Sendable (Base.Input) async throws -> Output
  ) where Output == Base.Output {
    self.base = base
    self.condition = condition
    self.transform = { $0 }
    self.otherwise = otherwise
  }

  /// Creates a gated skill that returns `nil` when skipped; prefer ``Skill/when(_:)``.
  ///
  /// - Parameters:
  ///   - base: The skill that runs when the condition holds.
  ///   - condition: Decides from the input whether the skill runs.
  package init(_ base: Base, condition: @escaping @Sendable (Base.Input) async throws -> Bool)
  where Output == Base.Output? {
    self.base = base
    self.condition = condition
    self.transform = { $0 }
    self.otherwise = { _ in nil }
  }
}

extension Skill {
  /// This skill, run only when `condition` holds for its input; `nil` otherwise.
  ///
  /// ```swift
  /// let autosave = SaveDraftSkill().when { draft in draft.isDirty }
  /// if let savedAt = try await autosave.run(editor.draft) { print("saved at \(savedAt)") }
  /// ```
  ///
  /// - Parameter condition: Decides from the input whether the skill runs;
  ///   may suspend (to read an actor, say) and may throw.
  /// - Returns: A skill whose output is this skill's output, or `nil` when skipped.
  public func when(
    _ condition: @escaping @Sendable (Input) async throws -> Bool
  ) -> ConditionalSkill<Self, Output?> {
    ConditionalSkill(self, condition: condition)
  }

  /// This skill, run only when `condition` holds for its input; `otherwise`
  /// produces the output when it does not.
  ///
  /// ```swift
  /// let feed = LoadFeedSkill().when({ _ in await network.isOnline }, otherwise: { _ in Feed() })
  /// let maybeSpellCheck = SpellCheckSkill().when({ _ in await settings.spellCheck }, otherwise: { $0 })
  /// ```
  ///
  /// - Parameters:
  ///   - condition: Decides from the input whether the skill runs.
  ///   - otherwise: The output for a skipped run, given the input (return
  ///     the input itself to pass it through).
  /// - Returns: A skill with this skill's input and output.
  public func when(
    _ condition: @escaping @Sendable (Input) async throws -> Bool,
    otherwise: @escaping @Sendable (Input) async throws -> Output
  ) -> ConditionalSkill<Self, Output> {
    ConditionalSkill(self, condition: condition, otherwise: otherwise)
  }
}

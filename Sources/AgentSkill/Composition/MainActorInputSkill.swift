/// A skill that reads its base skill's input on the main actor, right before
/// running it.
///
/// State owned by the main actor — `@AppStorage` values, `@Observable` view
/// models, text being edited — read from a background task returns stale or
/// default values, and capturing it when a task is created is stale by the
/// time the task runs. This skill takes no input; each run hops to the main
/// actor, reads the current value, and runs the base skill with it off the
/// main actor:
///
/// ```swift
/// let save = SaveDraftSkill().readingInput { editor.draft }   // closure runs on the main actor
/// Autosave(saving: save, online: online)
/// ```
public struct MainActorInputSkill<Base: Skill>: Skill {
  /// The skill that receives the input.
  package let base: Base
  private let read: @MainActor @Sendable () -> Base.Input

  /// Wraps `base` so its input is read on the main actor before each run.
  ///
  /// - Parameters:
  ///   - base: The skill to run.
  ///   - read: Reads the input; runs on the main actor at the start of each run.
  public init(_ base: Base, read: @escaping @MainActor @Sendable () -> Base.Input) {
    self.base = base
    self.read = read
  }

  /// The base skill's name.
  public var name: String { base.name }

  /// Reads the input on the main actor, then runs the base skill with it.
  ///
  /// - Parameters:
  ///   - input: Nothing.
  ///   - context: The run's context, passed to the base skill.
  /// - Returns: The base skill's output.
  /// - Throws: `CancellationError` when cancelled before running; whatever the base skill throws.
  public func run(_ input: Void, context: SkillContext) async throws -> Base.Output {
    let value = await read()
    try context.checkCancellation()
    return try await base.run(value, context: context)
  }
}

extension Skill {
  /// This skill with its input read on the main actor right before each run.
  ///
  /// ```swift
  /// let save = SaveDraftSkill().readingInput { editor.draft }
  /// ```
  ///
  /// - Parameter read: Reads the input; runs on the main actor at the start of each run.
  /// - Returns: A skill taking no input.
  public func readingInput(
    onMainActor read: @escaping @MainActor @Sendable () -> Input
  ) -> MainActorInputSkill<Self> {
    MainActorInputSkill(self, read: read)
  }
}

/// One reusable capability with an explicit input and output contract.
///
/// A skill knows nothing about views. It receives an input, does its work —
/// reporting progress, sleeping on the injected clock, checking for
/// cancellation through its ``SkillContext`` — and returns an output or throws.
///
/// ```swift
/// struct UploadSkill: Skill {
///   func run(_ photos: [Photo], context: SkillContext) async throws -> [URL] {
///     var urls: [URL] = []
///     for (index, photo) in photos.enumerated() {
///       try context.checkCancellation()
///       urls.append(try await UploadPhotoSkill().run(photo, context: context))
///       context.reportProgress(Double(index + 1) / Double(photos.count))
///     }
///     return urls
///   }
/// }
/// ```
///
/// Run a skill from a view with a ``SkillRunner``, compose it with
/// ``Skill/then(_:)``, ``Skill/retry(_:)`` or ``Skill/timeout(_:)``, or call
/// ``Skill/run(_:environment:)`` directly.
public protocol Skill<Input, Output>: Sendable {
  /// The value the skill works on.
  associatedtype Input: Sendable
  /// The value the skill produces when it succeeds.
  associatedtype Output: Sendable

  /// A human-readable name used in logs, monitors and error messages.
  ///
  /// Defaults to the skill's type name.
  var name: String { get }

  /// Performs the skill's work.
  ///
  /// - Parameters:
  ///   - input: The value to work on.
  ///   - context: Progress reporting, the injected clock, the run's logger,
  ///     cancellation checks and dependency values.
  /// - Returns: The skill's output.
  /// - Throws: Any error the work raises; `CancellationError` when the run
  ///   was cancelled.
  func run(_ input: Input, context: SkillContext) async throws -> Output

  /// Checks `input` before a ``SkillRunner`` runs the skill; throwing
  /// rejects the input, and the runner's status becomes
  /// ``SkillStatus/rejected(_:)`` without running the skill.
  ///
  /// Called on the main actor, synchronously, so keep it a cheap check of
  /// the input itself (no I/O). The default accepts every input.
  ///
  /// ```swift
  /// struct ShareSkill: Skill {
  ///   func validate(_ photos: [Photo]) throws(SkillInputRejection) {
  ///     if photos.isEmpty { throw SkillInputRejection("Choose at least one photo.") }
  ///   }
  ///   func run(_ photos: [Photo], context: SkillContext) async throws -> Int { photos.count }
  /// }
  /// ```
  ///
  /// - Parameter input: The input ``SkillRunner/perform(_:)`` received.
  /// - Throws: ``SkillInputRejection`` saying what to fix.
  func validate(_ input: Input) throws(SkillInputRejection)
}

extension Skill {
  /// Accepts every input.
  ///
  /// - Parameter input: The input, unchecked.
  public func validate(_ input: Input) throws(SkillInputRejection) {}

  /// The skill's type name, without generic arguments.
  public var name: String { SkillTypeNames.name(of: Self.self) }

  /// Runs the skill once outside a runner.
  ///
  /// Useful in tests and inside other skills' code when no runner owns the
  /// work. Progress reports are ignored.
  ///
  /// ```swift
  /// let urls = try await UploadSkill().run(photos, environment: SkillEnvironment(clock: clock))
  /// ```
  ///
  /// - Parameters:
  ///   - input: The value to work on.
  ///   - environment: The clock, dependencies, monitor and log sink to use.
  /// - Returns: The skill's output.
  /// - Throws: Whatever the skill throws.
  public func run(_ input: Input, environment: SkillEnvironment = SkillEnvironment()) async throws
    -> Output
  {
    let context = SkillContext(skillName: name, environment: environment)
    return try await context.execute(self, input)
  }
}

/// Type names of skills, computed once per type (reflection is slow and
/// `name` is read on every run).
enum SkillTypeNames {
  private static let cache = LockIsolated([ObjectIdentifier: String]())

  static func name(of type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let cached = cache.withValue({ $0[key] }) { return cached }
    let full = String(describing: type)
    let name = full.firstIndex(of: "<").map { String(full[..<$0]) } ?? full
    cache.withValue { $0[key] = name }
    return name
  }
}

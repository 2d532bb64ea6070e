/// A pipeline of any number of skills that transform one value type, each
/// step receiving the previous step's output.
///
/// Use it when the steps are chosen at run time or share a type; chain
/// skills of different types with ``Skill/then(_:)``.
///
/// ```swift
/// let cleanUp = PipelineSkill<Draft> {
///   TrimSkill()
///   if settings.autocorrect { AutocorrectSkill() }
///   SpellCheckSkill()
/// }
/// let draft = try await cleanUp.run(editor.draft)
/// ```
///
/// - An empty pipeline is the identity: it returns its input unchanged and
///   reports progress 1. (Steps are often included conditionally, so "no
///   steps apply" is a normal case rather than a mistake.) Check ``isEmpty``
///   if you want to treat it as one.
/// - A step that throws stops the pipeline with
///   ``PipelineError/stepFailed(index:name:underlying:)``; `CancellationError`
///   passes through unwrapped.
/// - Progress: step `i` of `n` reports within `i/n … (i+1)/n`, and reaches
///   `(i+1)/n` when it succeeds.
/// - Nested pipelines flatten: used as a step of ``Skill/then(_:)``, its
///   steps are numbered within the whole chain, and a chain (or pipeline)
///   listed as one of its steps contributes its own steps. A pipeline renamed
///   with ``Skill/named(_:)`` counts as one step.
public struct PipelineSkill<Value: Sendable>: Skill {
  /// The steps, in the order they run.
  public let steps: [AnySkill<Value, Value>]
  private let customName: String?
  /// The steps, nested pipelines flattened; built once here.
  let segment: PipelineSegment<Value, Value>

  /// Creates a pipeline from a list of steps.
  ///
  /// - Parameters:
  ///   - name: The pipeline's name in logs and errors. Defaults to
  ///     `Pipeline(…)` with the steps' names.
  ///   - steps: The steps, in the order they run.
  public init(_ name: String? = nil, steps: [AnySkill<Value, Value>]) {
    self.customName = name
    self.steps = steps
    self.segment = .sequence(steps.map(\.segment))
  }

  /// Creates a pipeline from the skills listed in `steps`.
  ///
  /// - Parameters:
  ///   - name: The pipeline's name in logs and errors. Defaults to
  ///     `Pipeline(…)` with the steps' names.
  ///   - steps: The steps, in the order they run; `if`, `switch` and `for` are allowed.
  public init(_ name: String? = nil, @SkillArrayBuilder<Value, Value> steps: () -> [AnySkill<Value, Value>]) {
    self.init(name, steps: steps())
  }

  /// Whether the pipeline has no steps (and so returns its input unchanged).
  public var isEmpty: Bool { steps.isEmpty }

  /// The name given at creation, or `Pipeline(…)` with the steps' names
  /// (nested pipelines flattened), such as
  /// `Pipeline(TrimWhitespaceSkill,NormaliseQuotesSkill)`.
  public var name: String {
    customName ?? "Pipeline(\(segment.names.joined(separator: ",")))"
  }

  /// Runs the steps in order, each on the previous step's output.
  ///
  /// - Parameters:
  ///   - input: The first step's input.
  ///   - context: The run's context.
  /// - Returns: The last step's output, or `input` when there are no steps.
  /// - Throws: ``PipelineError`` naming the step that failed, or `CancellationError`.
  public func run(_ input: Value, context: SkillContext) async throws -> Value {
    try await segment.run(input, context: context)
  }
}

extension PipelineSkill: ComposedPipeline {}

/// A pipeline of any number of skills that transform one value type, each
/// step receiving the previous step's output (seed 003's `PipelineSkill`).
///
/// Use it when the steps are chosen at run time or share a type; chain
/// skills of different types with ``Skill/then(_:)``.
///
/// ```swift
/// let cleanUp = PipelineSkill<Draft> {
///   TrimWhitespaceSkill()
///   if settings.autocorrect { AutocorrectSkill() }
///   NormaliseQuotesSkill()
/// }
/// let draft = try await cleanUp.run(rawDraft)
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
/// - Used as a step of ``Skill/then(_:)``, its steps are numbered within the
///   whole chain. Steps are type-erased, so a chain nested *inside* it counts
///   as one step.
public struct PipelineSkill<Value: Sendable>: Skill {
  /// The steps, in the order they run.
  public let steps: [AnySkill<Value, Value>]
  private let customName: String?

  /// Creates a pipeline from a list of steps.
  ///
  /// - Parameters:
  ///   - name: The pipeline's name in logs and errors. Defaults to
  ///     `Pipeline(…)` with the steps' names.
  ///   - steps: The steps, in the order they run.
  public init(_ name: String? = nil, steps: [AnySkill<Value, Value>]) {
    self.customName = name
    self.steps = steps
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

  /// The name given at creation, or `Pipeline(…)` with the steps' names,
  /// such as `Pipeline(TrimWhitespaceSkill,NormaliseQuotesSkill)`.
  public var name: String {
    customName ?? "Pipeline(\(steps.map(\.name).joined(separator: ",")))"
  }

  /// Runs the steps in order, each on the previous step's output.
  ///
  /// - Parameters:
  ///   - input: The first step's input.
  ///   - context: The run's context.
  /// - Returns: The last step's output, or `input` when there are no steps.
  /// - Throws: ``PipelineError`` naming the step that failed, or `CancellationError`.
  public func run(_ input: Value, context: SkillContext) async throws -> Value {
    try await _runPipelineStages(input, in: _PipelineRun(context: context, names: [], total: steps.count), from: 0)
  }

  /// Implementation detail of composition: the number of steps; not for use.
  public var _pipelineStageCount: Int { steps.count }

  /// Implementation detail of composition: appends the steps' names; not for use.
  ///
  /// - Parameter names: The list to append to.
  public func _appendPipelineStageNames(to names: inout [String]) {
    for step in steps { names.append(step.name) }
  }

  /// Implementation detail of composition: runs the steps as steps of the
  /// enclosing pipeline, numbered from `offset`; not for use.
  ///
  /// - Parameters:
  ///   - input: The first step's input.
  ///   - pipeline: The run of the outermost pipeline.
  ///   - offset: The position of the first step in that pipeline.
  /// - Returns: The last step's output, or `input` when there are no steps.
  /// - Throws: ``PipelineError`` naming the step that failed, or `CancellationError`.
  public func _runPipelineStages(_ input: Value, in pipeline: _PipelineRun, from offset: Int) async throws -> Value {
    guard !steps.isEmpty else {
      try pipeline.context.checkCancellation()
      if offset == 0, pipeline.total == 0 { pipeline.context.reportProgress(1) }
      return input
    }
    var value = input
    for (index, step) in steps.enumerated() {
      value = try await runPipelineStage(step, named: step.name, value, in: pipeline, at: offset + index)
    }
    return value
  }
}

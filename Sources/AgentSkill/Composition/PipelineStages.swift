/// Where a pipeline stage runs: the context of the outermost pipeline and
/// the stage's position in the flattened list of stages.
///
/// Nested pipelines (`a.then(b).then(c)`) hand their stages the outermost
/// context, so step numbers in ``PipelineError`` and progress ranges are
/// those of the whole chain rather than of each nesting level.
struct PipelinePosition: Sendable {
  /// The outermost pipeline's context.
  let context: SkillContext
  /// The index of the next stage in the flattened pipeline.
  let offset: Int
  /// The number of stages in the flattened pipeline.
  let total: Int

  /// The position `count` stages later.
  func advanced(by count: Int) -> PipelinePosition {
    PipelinePosition(context: context, offset: offset + count, total: total)
  }

  /// The progress range of the stage at ``offset``: `offset / total … (offset + 1) / total`.
  var progressRange: ClosedRange<Double> {
    guard total > 0 else { return 0...1 }
    let lower = Double(offset) / Double(total)
    let upper = Double(offset + 1) / Double(total)
    return lower...min(max(upper, lower), 1)
  }
}

/// A skill made of pipeline stages that a containing pipeline flattens into
/// its own numbering, so `a.then(b).then(c)` has steps 1, 2 and 3.
protocol PipelineStages<Input, Output>: Skill {
  /// The value the first stage receives.
  associatedtype Input
  /// The value the last stage returns.
  associatedtype Output

  /// The number of leaf stages.
  var stageCount: Int { get }

  /// The names of the leaf stages, in order.
  var stageNames: [String] { get }

  /// Runs the stages, numbering them from `position.offset`.
  func runStages(_ input: Input, at position: PipelinePosition) async throws -> Output
}

/// How one part of a pipeline runs, decided once when the pipeline is built:
/// a nested pipeline runs its own stages (so numbering stays flat), any
/// other skill runs as a single stage.
///
/// Deciding this needs a cast to a parameterized protocol, which the Swift
/// runtime resolves by demangling — microseconds per cast — so it is done at
/// construction, never per run.
struct PipelinePart<Input: Sendable, Output: Sendable>: Sendable {
  /// The number of leaf stages the part contributes.
  let stageCount: Int
  /// The names of those stages, in order.
  let stageNames: [String]
  /// Runs the part at a position of the outer pipeline.
  let run: @Sendable (Input, PipelinePosition) async throws -> Output

  init<S: Skill>(_ skill: S) where S.Input == Input, S.Output == Output {
    if let nested = skill as? any PipelineStages<Input, Output> {
      stageCount = nested.stageCount
      stageNames = nested.stageNames
      run = { input, position in try await nested.runStages(input, at: position) }
    } else {
      let name = skill.name
      stageCount = 1
      stageNames = [name]
      run = { input, position in try await runLeafStage(skill, named: name, input, at: position) }
    }
  }
}

/// Runs one leaf stage of a pipeline in a context named after it whose
/// progress covers the stage's share (reported complete when it succeeds, so
/// steps that report no progress still move the bar); its failure becomes
/// ``PipelineError/stepFailed(index:name:underlying:)``.
/// A cancelled run does not start the stage; cancellation passes through unwrapped.
func runLeafStage<S: Skill>(
  _ stage: S, named name: String, _ input: S.Input, at position: PipelinePosition
) async throws -> S.Output {
  try position.context.checkCancellation()
  let range = position.progressRange
  let context = position.context.scoped(progress: range, skillName: name)
  do {
    let output = try await context.execute(stage, input)
    position.context.reportProgress(range.upperBound)
    return output
  } catch {
    if isCancellation(error) { throw error }
    throw PipelineError.stepFailed(index: position.offset, name: name, underlying: error)
  }
}

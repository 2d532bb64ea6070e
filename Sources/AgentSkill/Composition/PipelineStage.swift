/// Runs `stage` as the step at `offset` of a pipeline, in a context named
/// after it whose progress covers the step's share (reported complete when
/// it succeeds, so steps that report no progress still move the bar); its
/// failure becomes ``PipelineError/stepFailed(index:name:underlying:)``.
///
/// A cancelled run does not start the step; cancellation passes through unwrapped.
@inline(__always)
func runPipelineStage<S: Skill>(
  _ stage: S, named name: String, _ input: S.Input, in pipeline: PipelineRun, at offset: Int
) async throws -> S.Output {
  try pipeline.context.checkCancellation()
  let range = pipeline.progressRange(at: offset)
  let context = pipeline.context.scoped(progress: range, skillName: name)
  do {
    let output = try await context.execute(stage, input)
    pipeline.context.reportProgress(range.upperBound)
    return output
  } catch {
    if isCancellation(error) { throw error }
    throw PipelineError.stepFailed(index: offset, name: name, underlying: error)
  }
}

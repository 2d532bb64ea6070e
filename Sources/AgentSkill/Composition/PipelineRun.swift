/// One run of the outermost pipeline, handed unchanged to every step.
///
/// It holds the outermost pipeline's context and how many steps the
/// flattened pipeline has; a step is identified by its offset in that list.
/// Nested pipelines (`a.then(b).then(c)`) hand their steps the outermost
/// run, so step numbers in ``PipelineError`` and progress ranges are those
/// of the whole chain rather than of each nesting level.
struct PipelineRun: Sendable {
  /// The outermost pipeline's context.
  let context: SkillContext
  /// The number of steps in the flattened pipeline.
  let total: Int

  /// The progress range of the step at `offset`: `offset / total … (offset + 1) / total`.
  func progressRange(at offset: Int) -> ClosedRange<Double> {
    guard total > 0 else { return 0...1 }
    let lower = Double(offset) / Double(total)
    let upper = Double(offset + 1) / Double(total)
    return lower...min(max(upper, lower), 1)
  }
}

/// Implementation detail of composition (one run of the outermost pipeline,
/// handed unchanged to every step); not for use.
///
/// It holds the outermost pipeline's context, the names of its steps and
/// how many there are; a step is identified by its offset in that flattened
/// list. Nested pipelines (`a.then(b).then(c)`) hand their steps the
/// outermost run, so step numbers in ``PipelineError`` and progress ranges
/// are those of the whole chain rather than of each nesting level.
public struct _PipelineRun: Sendable {
  /// The outermost pipeline's context.
  @usableFromInline let context: SkillContext
  /// The names of the steps of the flattened pipeline, computed when it was
  /// built (empty when the steps name themselves).
  @usableFromInline let names: [String]
  /// The number of steps in the flattened pipeline.
  @usableFromInline let total: Int

  @inlinable
  init(context: SkillContext, names: [String], total: Int) {
    self.context = context
    self.names = names
    self.total = total
  }

  /// The name of the step at `offset`, when ``names`` has it.
  @inlinable
  func stageName(at offset: Int) -> String? {
    names.indices.contains(offset) ? names[offset] : nil
  }

  /// The progress range of the step at `offset`: `offset / total … (offset + 1) / total`.
  @inlinable
  func progressRange(at offset: Int) -> ClosedRange<Double> {
    guard total > 0 else { return 0...1 }
    let lower = Double(offset) / Double(total)
    let upper = Double(offset + 1) / Double(total)
    return lower...min(max(upper, lower), 1)
  }
}

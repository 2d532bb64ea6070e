/// Implementation detail of composition (where a pipeline step runs); not for use.
///
/// It holds the context of the outermost pipeline, the names of its steps
/// and the step's position in the flattened list of steps. Nested pipelines
/// (`a.then(b).then(c)`) hand their steps the outermost position, so step
/// numbers in ``PipelineError`` and progress ranges are those of the whole
/// chain rather than of each nesting level.
public struct _PipelinePosition: Sendable {
  /// The outermost pipeline's context.
  @usableFromInline let context: SkillContext
  /// The names of the steps of the flattened pipeline, computed when it was
  /// built (empty when the steps name themselves).
  @usableFromInline let names: [String]
  /// The index of the next step in the flattened pipeline.
  @usableFromInline let offset: Int
  /// The number of steps in the flattened pipeline.
  @usableFromInline let total: Int

  @inlinable
  init(context: SkillContext, names: [String], offset: Int, total: Int) {
    self.context = context
    self.names = names
    self.offset = offset
    self.total = total
  }

  /// The position `count` steps later.
  @inlinable
  func advanced(by count: Int) -> _PipelinePosition {
    _PipelinePosition(context: context, names: names, offset: offset + count, total: total)
  }

  /// The name of the step at ``offset``, when ``names`` has it.
  @inlinable
  var stageName: String? {
    names.indices.contains(offset) ? names[offset] : nil
  }

  /// The progress range of the step at ``offset``: `offset / total … (offset + 1) / total`.
  @inlinable
  var progressRange: ClosedRange<Double> {
    guard total > 0 else { return 0...1 }
    let lower = Double(offset) / Double(total)
    let upper = Double(offset + 1) / Double(total)
    return lower...min(max(upper, lower), 1)
  }
}

/// A skill that an enclosing pipeline runs as several of its own steps
/// rather than as one: a chain (``Skill/then(_:)``), a ``PipelineSkill``, or an
/// ``AnySkill`` that wraps one of them.
///
/// This is how nested pipelines flatten (`a.then(b.then(c))` has the steps
/// a, b and c), and why flattening does not depend on whether a step was
/// type-erased. The protocol is the library's own: ``Skill`` has no
/// composition hooks, and a skill of yours is always one step (wrap a
/// pipeline in ``Skill/named(_:)`` to make it count as one step too).
protocol ComposedPipeline<Input, Output>: Skill {
  /// The skill's steps, nested pipelines flattened, ready to run as steps of
  /// an enclosing pipeline.
  var segment: PipelineSegment<Input, Output> { get }
}

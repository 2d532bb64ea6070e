/// Consecutive steps of a pipeline, ready to run at any offset of an
/// enclosing one: a single skill (one step), or the flattened steps of a
/// ``ComposedPipeline``.
///
/// Built once, when the pipeline is built: the steps' names are read then,
/// never during a run.
struct PipelineSegment<Input: Sendable, Output: Sendable>: Sendable {
  /// The names of the steps, in order; their count is the number of steps.
  let names: [String]
  private let body: @Sendable (Input, PipelineRun, Int) async throws -> Output

  private init(names: [String], body: @escaping @Sendable (Input, PipelineRun, Int) async throws -> Output) {
    self.names = names
    self.body = body
  }

  /// The steps of `skill`: its flattened steps when it is a pipeline of
  /// this library (also behind ``AnySkill``), otherwise the skill itself as
  /// one step named after it.
  ///
  /// - Parameter skill: The skill.
  init<S: Skill>(_ skill: S) where S.Input == Input, S.Output == Output {
    if let composed = skill as? any ComposedPipeline<Input, Output> {
      self = composed.segment
      return
    }
    let name = skill.name
    self.init(names: [name]) { input, pipeline, offset in
      try await runPipelineStage(skill, named: name, input, in: pipeline, at: offset)
    }
  }

  /// These steps, then `next`'s, the output of the last of these feeding the first of `next`.
  ///
  /// - Parameter next: The steps that follow.
  /// - Returns: The steps of both, in order.
  func followed<Next: Sendable>(by next: PipelineSegment<Output, Next>) -> PipelineSegment<Input, Next> {
    let count = names.count
    return PipelineSegment<Input, Next>(names: names + next.names) { [self] input, pipeline, offset in
      let middle = try await run(input, in: pipeline, from: offset)
      return try await next.run(middle, in: pipeline, from: offset + count)
    }
  }

  /// The steps of `segments`, one after the other, each on the previous
  /// one's output; no steps at all is the identity.
  ///
  /// - Parameter segments: The segments, in order.
  /// - Returns: Their steps, in order.
  static func sequence(_ segments: [PipelineSegment<Input, Input>]) -> PipelineSegment<Input, Input>
  where Output == Input {
    PipelineSegment<Input, Input>(names: segments.flatMap(\.names)) { input, pipeline, offset in
      try pipeline.context.checkCancellation()
      var value = input
      var position = offset
      for segment in segments {
        value = try await segment.run(value, in: pipeline, from: position)
        position += segment.names.count
      }
      return value
    }
  }

  /// Runs the steps as steps `offset…` of `pipeline`.
  ///
  /// - Parameters:
  ///   - input: The first step's input.
  ///   - pipeline: The run of the outermost pipeline.
  ///   - offset: The position of the first step in that pipeline.
  /// - Returns: The last step's output.
  /// - Throws: ``PipelineError`` naming the step that failed, or `CancellationError`.
  func run(_ input: Input, in pipeline: PipelineRun, from offset: Int) async throws -> Output {
    try await body(input, pipeline, offset)
  }

  /// Runs the steps as a whole pipeline in `context`; with no steps, the
  /// run reports progress 1.
  ///
  /// - Parameters:
  ///   - input: The first step's input.
  ///   - context: The pipeline's context.
  /// - Returns: The last step's output.
  /// - Throws: ``PipelineError`` naming the step that failed, or `CancellationError`.
  func run(_ input: Input, context: SkillContext) async throws -> Output {
    let output = try await body(input, PipelineRun(context: context, total: names.count), 0)
    if names.isEmpty { context.reportProgress(1) }
    return output
  }
}

/// Runs several skills in order on the same input, collecting their outputs
/// and stopping at the first failure.
///
/// ```swift
/// let prepareCheckout = SequenceSkill<Cart, Void> {
///   ReserveStockSkill()
///   ValidateAddressSkill()
///   AuthorisePaymentSkill()
/// }
/// try await prepareCheckout.run(cart)
/// ```
///
/// Where ``PipelineSkill`` feeds each step the previous step's output, a
/// sequence gives every step the sequence's own input; both stop at the
/// first failure with the same ``PipelineError``.
///
/// Together with ``Skill/run(_:environment:)`` (run one skill; a
/// ``SkillRunner`` in a view) and ``Skill/when(_:)`` (run a skill only if a
/// condition holds), it is all an engine that executes skills needs.
///
/// - A step that throws stops the sequence with
///   ``PipelineError/stepFailed(index:name:underlying:)``; outputs of the
///   steps that already finished are discarded. `CancellationError` passes
///   through unwrapped, and a cancelled sequence starts no further step.
/// - An empty sequence returns `[]` and reports progress 1.
/// - Progress: step `i` of `n` reports within `i/n … (i+1)/n`, and reaches
///   `(i+1)/n` when it succeeds.
public struct SequenceSkill<Input: Sendable, Output: Sendable>: Skill {
  /// The steps, in the order they run.
  public let steps: [AnySkill<Input, Output>]
  private let customName: String?

  /// Creates a sequence from a list of steps.
  ///
  /// - Parameters:
  ///   - name: The sequence's name in logs and errors. Defaults to
  ///     `Sequence(…)` with the steps' names.
  ///   - steps: The steps, in the order they run.
  public init(_ name: String? = nil, steps: [AnySkill<Input, Output>]) {
    self.customName = name
    self.steps = steps
  }

  /// Creates a sequence from the skills listed in `steps`.
  ///
  /// - Parameters:
  ///   - name: The sequence's name in logs and errors. Defaults to
  ///     `Sequence(…)` with the steps' names.
  ///   - steps: The steps, in the order they run; `if`, `switch` and `for` are allowed.
  public init(_ name: String? = nil, @SkillArrayBuilder<Input, Output> steps: () -> [AnySkill<Input, Output>]) {
    self.init(name, steps: steps())
  }

  /// The name given at creation, or `Sequence(…)` with the steps' names,
  /// such as `Sequence(ReserveStockSkill,ValidateAddressSkill)`.
  public var name: String {
    customName ?? "Sequence(\(steps.map(\.name).joined(separator: ",")))"
  }

  /// Runs every step on `input`, in order.
  ///
  /// - Parameters:
  ///   - input: The value every step receives.
  ///   - context: The run's context.
  /// - Returns: The steps' outputs, in step order.
  /// - Throws: ``PipelineError`` naming the first step that failed, or `CancellationError`.
  public func run(_ input: Input, context: SkillContext) async throws -> [Output] {
    guard !steps.isEmpty else {
      try context.checkCancellation()
      context.reportProgress(1)
      return []
    }
    let pipeline = PipelineRun(context: context, total: steps.count)
    var outputs: [Output] = []
    outputs.reserveCapacity(steps.count)
    for (offset, step) in steps.enumerated() {
      outputs.append(try await runPipelineStage(step, named: step.name, input, in: pipeline, at: offset))
    }
    return outputs
  }
}

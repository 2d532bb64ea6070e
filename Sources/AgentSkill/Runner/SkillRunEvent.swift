/// One step of a ``SkillRunner`` run, as ``SkillRunner/performWithEvents(_:)``
/// streams it.
///
/// ```swift
/// for await event in runner.performWithEvents(photos) {
///   print(event)   // started, progress(0.5), succeeded(…)
/// }
/// ```
///
/// A stream carries ``started`` then any number of ``progress(_:)`` values,
/// then exactly one terminal event — or only ``rejected(_:)`` when the
/// input was rejected — and ends.
public enum SkillRunEvent<Output: Sendable>: Sendable, CustomStringConvertible {
  /// The skill started running.
  case started
  /// The skill reported progress, 0…1; never backwards within a run.
  case progress(Double)
  /// The run succeeded with `output`.
  case succeeded(Output)
  /// The run failed with `error`.
  case failed(any Error)
  /// The input was rejected by ``Skill/validate(_:)``; the skill did not run.
  case rejected(SkillInputRejection)
  /// The run was cancelled, superseded by a newer run, or its runner was released.
  case cancelled

  /// Whether the event ends the run: everything but ``started`` and ``progress(_:)``.
  package var isTerminal: Bool {
    switch self {
    case .started, .progress: false
    case .succeeded, .failed, .rejected, .cancelled: true
    }
  }

  /// `started`, `progress(0.5)`, `succeeded(…)`, `failed(…)`, `rejected(…)` or `cancelled`.
  public var description: String {
    switch self {
    case .started: "started"
    case .progress(let fraction): "progress(\(fraction))"
    case .succeeded(let output): "succeeded(\(output))"
    case .failed(let error): "failed(\(error))"
    case .rejected(let rejection): "rejected(\(rejection.message))"
    case .cancelled: "cancelled"
    }
  }
}

/// Where a ``SkillRunner``'s current or last run stands.
///
/// ```swift
/// switch runner.status {
/// case .idle: Button("Upload") { runner.perform(photos) }
/// case .running(let progress): ProgressView(value: progress)
/// case .succeeded(let urls): Text("\(urls.count) uploaded")
/// case .failed(let error): Text(error.localizedDescription)
/// case .rejected(let rejection): Text(rejection.message)
/// case .cancelled: Text("Cancelled")
/// }
/// ```
public enum SkillStatus<Output: Sendable>: Sendable {
  /// Nothing has run yet.
  case idle
  /// A run is in progress; `progress` is 0…1, or `nil` until the skill reports any.
  case running(progress: Double?)
  /// The last run succeeded with `output`.
  case succeeded(output: Output)
  /// The last run failed with `error`.
  case failed(error: any Error)
  /// The last run was cancelled.
  case cancelled
  /// The last request's input was rejected by ``Skill/validate(_:)``; the
  /// skill did not run. Distinct from ``failed(error:)``: the input, not the
  /// work, needs fixing.
  case rejected(SkillInputRejection)

  /// Whether a run is in progress.
  public var isRunning: Bool {
    if case .running = self { return true }
    return false
  }

  /// The reported progress while running, otherwise `nil`.
  public var progress: Double? {
    if case .running(let progress) = self { return progress }
    return nil
  }

  /// The output when the last run succeeded.
  public var output: Output? {
    if case .succeeded(let output) = self { return output }
    return nil
  }

  /// The error when the last run failed.
  public var error: (any Error)? {
    if case .failed(let error) = self { return error }
    return nil
  }

  /// Why the last request's input was rejected, when it was.
  public var rejection: SkillInputRejection? {
    if case .rejected(let rejection) = self { return rejection }
    return nil
  }

  /// Whether the last run was cancelled.
  public var isCancelled: Bool {
    if case .cancelled = self { return true }
    return false
  }

  /// Whether a run finished: succeeded, failed, cancelled or rejected.
  public var isFinished: Bool {
    switch self {
    case .succeeded, .failed, .cancelled, .rejected: true
    case .idle, .running: false
    }
  }
}

extension SkillStatus: Equatable where Output: Equatable {
  /// Equal when the cases match, outputs are equal, progress values are
  /// exactly equal, and errors are equal (by `==` when the error type is
  /// `Equatable`, otherwise by type and description).
  public static func == (lhs: SkillStatus, rhs: SkillStatus) -> Bool {
    switch (lhs, rhs) {
    case (.idle, .idle), (.cancelled, .cancelled): true
    case (.running(let a), .running(let b)): a == b
    case (.succeeded(let a), .succeeded(let b)): a == b
    case (.failed(let a), .failed(let b)): errorsAreEqual(a, b)
    case (.rejected(let a), .rejected(let b)): a == b
    default: false
    }
  }
}

extension SkillStatus: CustomStringConvertible {
  /// `idle`, `running(0.42)`, `succeeded(…)`, `failed(…)`, `cancelled` or `rejected(…)`.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .running(let progress): "running(\(progress.map { String($0) } ?? "nil"))"
    case .succeeded(let output): "succeeded(\(output))"
    case .failed(let error): "failed(\(error))"
    case .cancelled: "cancelled"
    case .rejected(let rejection): "rejected(\(rejection.message))"
    }
  }
}

/// Whether two errors are the same: `==` for `Equatable` errors of the same
/// type, otherwise the same type and the same description.
///
/// - Parameters:
///   - lhs: One error.
///   - rhs: The other error.
/// - Returns: Whether they are equal.
func errorsAreEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
  guard type(of: lhs) == type(of: rhs) else { return false }
  let boxed: Any = lhs
  if let lhs = boxed as? any Equatable {
    return isEqual(lhs, rhs)
  }
  return String(reflecting: lhs) == String(reflecting: rhs)
}

private func isEqual<E: Equatable>(_ lhs: E, _ rhs: Any) -> Bool {
  guard let rhs = rhs as? E else { return false }
  return lhs == rhs
}

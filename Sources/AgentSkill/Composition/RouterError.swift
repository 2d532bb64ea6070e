import Foundation

/// A ``RouterSkill`` had no route for its base skill's outcome.
///
/// ```swift
/// let pay = CheckBalanceSkill().onSuccess(where: { $0 >= order.total }, ChargeSkill(order: order))
/// do {
///   _ = try await pay.run(account)
/// } catch let error as RouterError {
///   print(error)   // CheckBalanceSkill succeeded with 20.0 but no onSuccess route matched. …
/// }
/// ```
public enum RouterError: Error, CustomStringConvertible, LocalizedError, RetryableError {
  /// The base skill succeeded with `output` (described) but no success route accepted it.
  case noRouteForOutput(skillName: String, output: String)
  /// The base skill failed with `underlying` (a timeout included) but no
  /// failure or timeout route accepted it.
  case noRouteForFailure(skillName: String, underlying: any Error)

  /// The name of the base skill.
  public var skillName: String {
    switch self {
    case .noRouteForOutput(let name, _), .noRouteForFailure(let name, _): name
    }
  }

  /// What happened and how to fix it.
  public var description: String {
    switch self {
    case .noRouteForOutput(let name, let output):
      "\(name) succeeded with \(output) but no onSuccess route matched. "
        + "Add an onSuccess route without a predicate as the last success route to catch every output."
    case .noRouteForFailure(let name, let underlying):
      "\(name) failed (\(describe(underlying))) but no onFailure or onTimeout route matched. "
        + "Add an onFailure route without a predicate to handle every failure."
    }
  }

  /// The same text as ``description``.
  public var errorDescription: String? { description }

  /// A missing route is a programming error: `false` for an unmatched
  /// output; for an unmatched failure, whether the base skill's error may be retried.
  public var isRetryable: Bool {
    switch self {
    case .noRouteForOutput: false
    case .noRouteForFailure(_, let underlying): RetryPolicy.defaultShouldRetry(underlying)
    }
  }
}

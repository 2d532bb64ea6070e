/// The per-item record of a batch: which items succeeded with their
/// outputs and which failed with their errors, in input order.
///
/// ```swift
/// let result = try await uploadPhotos.run(photos)
/// for item in result.items {
///   switch item.outcome {
///   case .succeeded(let url): print("photo \(item.index + 1): \(url)")
///   case .failed(let error): print("photo \(item.index + 1) failed: \(error)")
///   }
/// }
/// ```
///
/// Pass a result with failures to ``BatchSkill/retryingFailures()`` to run
/// only the failed items again and get the merged record back.
public struct BatchResult<Input: Sendable, Output: Sendable>: Sendable {
  /// How one item ended.
  public enum Outcome: Sendable {
    /// The item's skill returned `output`.
    case succeeded(Output)
    /// The item's skill threw `error`.
    case failed(any Error)

    /// The output, when the item succeeded.
    public var output: Output? {
      if case .succeeded(let output) = self { return output }
      return nil
    }

    /// The error, when the item failed.
    public var error: (any Error)? {
      if case .failed(let error) = self { return error }
      return nil
    }

    /// Whether the item succeeded.
    public var isSuccess: Bool {
      if case .succeeded = self { return true }
      return false
    }
  }

  /// One item: its position, its input and how it ended.
  public struct Item: Sendable, Identifiable {
    /// The item's position in the batch's input, from 0.
    public let index: Int
    /// The item's input.
    public let input: Input
    /// How the item ended.
    public let outcome: Outcome

    /// The item's position, which identifies it within the batch.
    public var id: Int { index }
  }

  /// Every item, in input order (`items[i].index == i`).
  public let items: [Item]

  /// Creates a record from each item's input and outcome, in input order.
  ///
  /// - Parameter entries: Each item's input and outcome; positions become the indices.
  public init(_ entries: [(input: Input, outcome: Outcome)]) {
    self.items = entries.enumerated().map {
      Item(index: $0.offset, input: $0.element.input, outcome: $0.element.outcome)
    }
  }

  /// The number of items.
  public var count: Int { items.count }

  /// The items that succeeded, in input order.
  public var succeeded: [Item] { items.filter(\.outcome.isSuccess) }

  /// The items that failed, in input order.
  public var failed: [Item] { items.filter { !$0.outcome.isSuccess } }

  /// The outputs of the items that succeeded, in input order.
  public var outputs: [Output] { items.compactMap(\.outcome.output) }

  /// The positions of the items that failed, in input order.
  public var failedIndices: [Int] { failed.map(\.index) }

  /// Whether every item succeeded (also `true` for an empty batch).
  public var allSucceeded: Bool { items.allSatisfy(\.outcome.isSuccess) }

  /// This record with the outcomes at the given positions replaced.
  ///
  /// - Parameter outcomes: New outcomes by position; positions outside the record are ignored.
  /// - Returns: The merged record.
  func replacingOutcomes(_ outcomes: [Int: Outcome]) -> BatchResult {
    BatchResult(items.map { (input: $0.input, outcome: outcomes[$0.index] ?? $0.outcome) })
  }
}

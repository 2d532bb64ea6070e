/// How many items a ``BatchSkill`` accepts, and the messages shown when a
/// selection has too few or too many.
///
/// ```swift
/// // a photo upload: at least 1 image, at most 5
/// let limits = BatchLimits(minimum: 1, maximum: 5)
///
/// // the app's own wording
/// let worded = BatchLimits(
///   minimum: 1, maximum: 5,
///   tooFewMessage: { minimum, _ in "Select at least \(minimum) photos" },
///   tooManyMessage: { maximum, count in "Select at most \(maximum) photos (\(count) selected)" }
/// )
/// ```
///
/// Out-of-range values are clamped rather than rejected: `minimum` is at
/// least 0 and `maximum`, when set, at least `minimum`.
public struct BatchLimits: Sendable {
  /// Builds the message for a selection below the minimum, given the minimum and the count.
  public typealias TooFewMessage = @Sendable (_ minimum: Int, _ count: Int) -> String
  /// Builds the message for a selection above the maximum, given the maximum and the count.
  public typealias TooManyMessage = @Sendable (_ maximum: Int, _ count: Int) -> String

  /// The fewest items accepted; at least 0.
  package let minimum: Int
  /// The most items accepted, or `nil` for no limit.
  package let maximum: Int?
  /// Builds the message for too few items.
  package let tooFewMessage: TooFewMessage
  /// Builds the message for too many items.
  package let tooManyMessage: TooManyMessage

  /// Creates limits.
  ///
  /// - Parameters:
  ///   - minimum: The fewest items accepted. Defaults to 1; negative values mean 0.
  ///   - maximum: The most items accepted, or `nil` (the default) for no
  ///     limit; a value below `minimum` means `minimum`.
  ///   - tooFewMessage: The message for too few items. Defaults to
  ///     ``defaultTooFewMessage(minimum:count:)``: "Select at least 1 item."
  ///   - tooManyMessage: The message for too many items. Defaults to
  ///     ``defaultTooManyMessage(maximum:count:)``: "Select at most 5 items."
  public init(
    minimum: Int = 1,
    maximum: Int? = nil,
    tooFewMessage: @escaping TooFewMessage = BatchLimits.defaultTooFewMessage,
    tooManyMessage: @escaping TooManyMessage = BatchLimits.defaultTooManyMessage
  ) {
    let minimum = max(minimum, 0)
    self.minimum = minimum
    self.maximum = maximum.map { max($0, minimum) }
    self.tooFewMessage = tooFewMessage
    self.tooManyMessage = tooManyMessage
  }

  /// No limits at all: any number of items, including none.
  public static let unlimited = BatchLimits(minimum: 0)

  /// "Select at least 1 item." / "Select at least 2 items."
  ///
  /// - Parameters:
  ///   - minimum: The fewest items accepted.
  ///   - count: The number selected.
  /// - Returns: The English message.
  public static func defaultTooFewMessage(minimum: Int, count: Int) -> String {
    "Select at least \(minimum) \(minimum == 1 ? "item" : "items")."
  }

  /// "Select at most 1 item." / "Select at most 5 items."
  ///
  /// - Parameters:
  ///   - maximum: The most items accepted.
  ///   - count: The number selected.
  /// - Returns: The English message.
  public static func defaultTooManyMessage(maximum: Int, count: Int) -> String {
    "Select at most \(maximum) \(maximum == 1 ? "item" : "items")."
  }

  /// Checks a selection of `count` items.
  ///
  /// - Parameter count: The number of items.
  /// - Throws: ``BatchLimitError`` when `count` is outside the limits.
  package func validate(count: Int) throws(BatchLimitError) {
    if count < minimum {
      throw .tooFew(count: count, minimum: minimum, message: tooFewMessage(minimum, count))
    }
    if let maximum, count > maximum {
      throw .tooMany(count: count, maximum: maximum, message: tooManyMessage(maximum, count))
    }
  }
}

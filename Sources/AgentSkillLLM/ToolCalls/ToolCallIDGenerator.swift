/// Makes ids for tool calls that arrive without one (Ollama, Hermes text,
/// some local servers).
///
/// The default, ``random``, makes ids such as `call_Xq3…` that stay unique
/// across a whole conversation; ``sequential(prefix:)`` makes `call_0`,
/// `call_1`, … for reproducible tests and snapshots.
///
/// ```swift
/// var accumulator = ToolCallAccumulator(ids: .sequential())
/// ```
public struct ToolCallIDGenerator: Sendable {
  private let make: @Sendable (_ position: Int) -> String

  /// Creates a generator from a function of the call's position in its response.
  ///
  /// - Parameter make: Returns an id for the call at `position` (from 0).
  public init(_ make: @escaping @Sendable (_ position: Int) -> String) {
    self.make = make
  }

  /// `call_` followed by 24 random letters and digits.
  public static let random = ToolCallIDGenerator { _ in
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    var generator = SystemRandomNumberGenerator()
    var id = "call_"
    for _ in 0..<24 {
      if let character = alphabet.randomElement(using: &generator) { id.append(character) }
    }
    return id
  }

  /// `prefix` followed by the call's position: `call_0`, `call_1`, …
  ///
  /// Unique within one response only; use ``random`` when ids must not repeat
  /// across turns.
  ///
  /// - Parameter prefix: The text before the number.
  /// - Returns: The generator.
  public static func sequential(prefix: String = "call_") -> ToolCallIDGenerator {
    ToolCallIDGenerator { "\(prefix)\($0)" }
  }

  /// An id for the call at `position` that is not in `taken`.
  ///
  /// - Parameters:
  ///   - position: The call's position in its response, from 0.
  ///   - taken: Ids already in use.
  /// - Returns: A new id; a suffix `_2`, `_3`, … is added while the generated one is taken.
  public func id(forPosition position: Int, avoiding taken: Set<String> = []) -> String {
    let base = make(position)
    var candidate = base.isEmpty ? "call_\(position)" : base
    var attempt = 2
    let stem = candidate
    while taken.contains(candidate) {
      candidate = "\(stem)_\(attempt)"
      attempt += 1
    }
    return candidate
  }
}

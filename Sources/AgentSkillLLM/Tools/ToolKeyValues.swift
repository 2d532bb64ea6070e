/// Labelled values for the UI, in order: a weather card, a receipt.
///
/// ```swift
/// func weatherOutput() -> ToolOutput {
///   let card: ToolKeyValues = ["城市": "北京", "天气": "多云", "温度": "22°C"]
///   return ToolOutput(summary: "北京今天多云 22°C", display: .keyValues(card))
/// }
/// ```
public struct ToolKeyValues: Sendable, Hashable, Codable, ExpressibleByDictionaryLiteral {
  /// One labelled value.
  public struct Pair: Sendable, Hashable, Codable {
    /// The label, such as `温度`.
    public var key: String
    /// The value, formatted for display, such as `22°C`.
    public var value: String

    /// Creates a pair.
    ///
    /// - Parameters:
    ///   - key: The label.
    ///   - value: The formatted value.
    public init(_ key: String, _ value: String) {
      self.key = key
      self.value = value
    }
  }

  /// A heading above the pairs, such as `北京天气`.
  public var title: String?
  /// The pairs, in display order; keys may repeat.
  public var pairs: [Pair]

  /// Creates labelled values.
  ///
  /// - Parameters:
  ///   - title: A heading above the pairs.
  ///   - pairs: The pairs, in display order.
  public init(title: String? = nil, pairs: [Pair]) {
    self.title = title
    self.pairs = pairs
  }

  /// Creates labelled values from a literal, keeping its order.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(pairs: elements.map { Pair($0.0, $0.1) })
  }

  /// The first value for `key`.
  ///
  /// - Parameter key: The label.
  public subscript(key: String) -> String? {
    pairs.first { $0.key == key }?.value
  }
}

/// An integer of any size, kept exactly as its decimal digits: what
/// ``JSONValue/bigInteger(_:)`` holds for an integer too large for `Int`,
/// such as the id in `{"id": 12345678901234567890}`.
///
/// It compares by value, renders back to the same digits and converts to
/// `Int` or `Double` on request.
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"id": 12345678901234567890}"#)
/// let id = value["id"]?.bigIntegerValue    // 12345678901234567890
/// id?.description                           // "12345678901234567890"
/// id?.intValue                              // nil: it does not fit in Int
/// value.rendered()                          // {"id":12345678901234567890}
/// ```
///
/// Through `Codable` it is written as its decimal text, a JSON string, so no
/// coder rounds it; it reads from such text or from an integer.
public struct JSONBigInteger: Sendable, Hashable, Comparable, Codable, CustomStringConvertible,
  LosslessStringConvertible
{
  /// Whether the integer is below zero (zero is not negative).
  public let isNegative: Bool
  /// The decimal digits of the integer's magnitude, most significant first,
  /// without leading zeros: `"0"` for zero.
  public let digits: String

  /// Reads decimal text: an optional `-`, then digits (leading zeros are dropped).
  ///
  /// ```swift
  /// JSONBigInteger("-98765432109876543210")   // a big integer
  /// JSONBigInteger("1e20")                    // nil: digits only
  /// ```
  ///
  /// - Parameter description: The text.
  public init?(_ description: String) {
    var text = Substring(description)
    let negative = text.first == "-"
    if negative { text = text.dropFirst() }
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      return nil
    }
    let significant = text.drop { $0 == "0" }
    self.init(isNegative: negative && !significant.isEmpty, digits: significant.isEmpty ? "0" : String(significant))
  }

  /// The integer `value`.
  ///
  /// - Parameter value: The integer.
  public init(_ value: Int) {
    self.init(isNegative: value < 0, digits: String(value.magnitude))
  }

  /// The integer a `Double` is exactly, or `nil` when it has a fractional
  /// part or is not finite.
  ///
  /// ```swift
  /// JSONBigInteger(exactly: 1e20)?.description   // "100000000000000000000"
  /// ```
  ///
  /// - Parameter value: The number.
  public init?(exactly value: Double) {
    guard value.isFinite, value.rounded(.towardZero) == value else { return nil }
    if let small = Int(exactly: value) {
      self.init(small)
      return
    }
    // |value| ≥ 2^63: its significand times a power of two, worked out in base 10^9.
    let base: UInt64 = 1_000_000_000
    var significand = value.significandBitPattern | (1 << UInt64(Double.significandBitCount))
    var limbs: [UInt64] = []
    while significand > 0 {
      limbs.append(significand % base)
      significand /= base
    }
    var shift = Int(value.exponent) - Double.significandBitCount
    while shift > 0 {
      let step = min(shift, 32)
      var carry: UInt64 = 0
      for index in limbs.indices {
        let product = (limbs[index] << UInt64(step)) + carry
        limbs[index] = product % base
        carry = product / base
      }
      while carry > 0 {
        limbs.append(carry % base)
        carry /= base
      }
      shift -= step
    }
    var text = String(limbs.last ?? 0)
    for limb in limbs.dropLast().reversed() {
      let group = String(limb)
      text += String(repeating: "0", count: 9 - group.count) + group
    }
    self.init(isNegative: value < 0, digits: text)
  }

  private init(isNegative: Bool, digits: String) {
    self.isNegative = isNegative
    self.digits = digits
  }

  /// The decimal text: `-` for a negative integer, then the digits.
  public var description: String { isNegative ? "-" + digits : digits }

  /// The integer as an `Int`, when it fits.
  public var intValue: Int? { Int(description) }

  /// The nearest `Double` (infinite beyond its range).
  public var doubleValue: Double { Double(description) ?? (isNegative ? -.infinity : .infinity) }

  /// Whether `lhs` is below `rhs`.
  ///
  /// - Parameters:
  ///   - lhs: An integer.
  ///   - rhs: Another integer.
  public static func < (lhs: JSONBigInteger, rhs: JSONBigInteger) -> Bool {
    if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
    let magnitudeBelow =
      lhs.digits.utf8.count != rhs.digits.utf8.count
      ? lhs.digits.utf8.count < rhs.digits.utf8.count
      : lhs.digits.utf8.lexicographicallyPrecedes(rhs.digits.utf8)
    let magnitudeEqual = lhs.digits == rhs.digits
    return lhs.isNegative ? !magnitudeBelow && !magnitudeEqual : magnitudeBelow
  }

  /// Reads the decimal text, or an integer.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when the value is neither.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let text = try? container.decode(String.self) {
      guard let value = JSONBigInteger(text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "\"\(text)\" is not an integer; write it as digits with an optional -")
      }
      self = value
    } else if let value = try? container.decode(Int.self) {
      self.init(value)
    } else {
      self.init(String(try container.decode(UInt64.self)))!
    }
  }

  /// Writes the decimal text.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

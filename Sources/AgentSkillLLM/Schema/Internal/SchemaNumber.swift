/// Exact arithmetic on JSON numbers for `minimum`, `maximum` and `multipleOf`.
///
/// Integers stay integers (no rounding through `Double` above 2^53, nor for
/// ``JSONValue/bigInteger(_:)`` beyond `Int`, which compare digit by digit
/// and against a `Double`'s exact value), and `multipleOf` works on the
/// numbers' shortest decimal forms, so `0.0075` is a multiple of `0.0001`
/// even though their binary quotient is `74.99999999999999`, and
/// `12345678901234567890` is a multiple of `10` although no `Double` is it.
enum SchemaNumber {
  /// `-1`, `0` or `1` as `lhs` is below, equal to or above `rhs`; `nil` when
  /// either is not a number or is NaN.
  static func compare(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
    if case .number(let a) = lhs, a.isNaN { return nil }
    if case .number(let b) = rhs, b.isNaN { return nil }
    switch (lhs, rhs) {
    case (.integer(let a), .integer(let b)): return a < b ? -1 : (a == b ? 0 : 1)
    case (.number(let a), .number(let b)): return a < b ? -1 : (a == b ? 0 : 1)
    case (.integer(let a), .number(let b)): return compareMixed(a, b)
    case (.number(let a), .integer(let b)): return -compareMixed(b, a)
    case (.bigInteger(let a), .number(let b)): return compare(a, b)
    case (.number(let a), .bigInteger(let b)): return -compare(b, a)
    case (.bigInteger, .integer), (.integer, .bigInteger), (.bigInteger, .bigInteger):
      guard let a = lhs.bigIntegerValue, let b = rhs.bigIntegerValue else { return nil }
      return a < b ? -1 : (a == b ? 0 : 1)
    default: return nil
    }
  }

  /// Compares an integer of any size with a double by the double's exact value.
  private static func compare(_ integer: JSONBigInteger, _ double: Double) -> Int {
    if double == .infinity { return -1 }
    if double == -.infinity { return 1 }
    let whole = double.rounded(.down)
    guard let wholeInteger = JSONBigInteger(exactly: whole) else { return 0 }
    if integer != wholeInteger { return integer < wholeInteger ? -1 : 1 }
    return double > whole ? -1 : 0
  }

  /// Compares an integer with a double without losing precision.
  private static func compareMixed(_ integer: Int, _ double: Double) -> Int {
    // 2^63 is exactly representable; every Int is below it.
    if double >= 9_223_372_036_854_775_808.0 { return -1 }
    if double < -9_223_372_036_854_775_808.0 { return 1 }
    let whole = double.rounded(.down)
    let wholeInteger = Int(whole)
    if integer != wholeInteger { return integer < wholeInteger ? -1 : 1 }
    return double > whole ? -1 : 0
  }

  /// Whether `value` is an integer multiple of the positive `divisor`.
  static func isMultiple(_ value: JSONValue, of divisor: JSONValue) -> Bool {
    if case .integer(let a) = value, case .integer(let b) = divisor, b > 0 {
      return a % b == 0
    }
    if let a = decimal(value), let b = decimal(divisor), let result = isMultiple(a, of: b) {
      return result
    }
    if let result = isMultipleExactly(value, of: divisor) { return result }
    guard let a = value.doubleValue, let b = divisor.doubleValue, b != 0 else { return false }
    let quotient = a / b
    return quotient.isFinite && quotient.rounded(.towardZero) == quotient
  }

  /// A number as `significand × 10^exponent`, from its shortest decimal form.
  private static func decimal(_ value: JSONValue) -> (significand: Int, exponent: Int)? {
    switch value {
    case .integer(let integer): return (integer, 0)
    case .number(let double):
      guard double.isFinite else { return nil }
      return decimal(parsing: double.description)
    default: return nil
    }
  }

  private static func decimal(parsing text: String) -> (significand: Int, exponent: Int)? {
    var mantissa = Substring(text)
    var exponent = 0
    if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      // `Int` accepts the `+` of `1e+16`.
      guard let parsed = Int(mantissa[mantissa.index(after: e)...]) else { return nil }
      exponent = parsed
      mantissa = mantissa[..<e]
    }
    var digits = ""
    if let dot = mantissa.firstIndex(of: ".") {
      let fraction = mantissa[mantissa.index(after: dot)...]
      digits = String(mantissa[..<dot]) + fraction
      exponent -= fraction.count
    } else {
      digits = String(mantissa)
    }
    guard var significand = Int(digits) else { return nil }
    while significand != 0, significand % 10 == 0 {
      significand /= 10
      exponent += 1
    }
    return (significand, exponent)
  }

  /// Exact test on decimals; `nil` when scaling to a common exponent overflows.
  private static func isMultiple(
    _ value: (significand: Int, exponent: Int),
    of divisor: (significand: Int, exponent: Int)
  ) -> Bool? {
    guard divisor.significand != 0 else { return nil }
    let common = min(value.exponent, divisor.exponent)
    guard let a = scaled(value.significand, by: value.exponent - common),
      let b = scaled(divisor.significand, by: divisor.exponent - common)
    else { return nil }
    let (remainder, overflow) = a.remainderReportingOverflow(dividingBy: b)
    return overflow ? nil : remainder == 0
  }

  /// The most digit-by-digit steps ``isMultipleExactly(_:of:)`` may take before leaving it to `Double`.
  private static let exactWorkLimit = 1_000_000

  /// Exact test on any numbers (big integers included) by long division of
  /// their decimal digits; `nil` when that would take too long.
  private static func isMultipleExactly(_ value: JSONValue, of divisor: JSONValue) -> Bool? {
    guard let a = digits(of: value), let b = digits(of: divisor), !b.digits.isEmpty else { return nil }
    if a.digits.isEmpty { return true }
    let common = min(a.exponent, b.exponent)
    let aShift = a.exponent - common
    let bShift = b.exponent - common
    guard aShift <= exactWorkLimit, bShift <= exactWorkLimit else { return nil }
    let dividend = a.digits + repeatElement(0, count: aShift)
    let modulus = b.digits + repeatElement(0, count: bShift)
    guard dividend.count.multipliedReportingOverflow(by: modulus.count).partialValue <= exactWorkLimit,
      dividend.count <= exactWorkLimit
    else { return nil }
    if modulus.count <= 18 {
      // Fits in UInt64 with room for one more digit: remainder digit by digit.
      let m = modulus.reduce(UInt64(0)) { $0 * 10 + UInt64($1) }
      return dividend.reduce(UInt64(0)) { ($0 * 10 + UInt64($1)) % m } == 0
    }
    var remainder: [UInt8] = []
    for digit in dividend {
      if !(remainder.isEmpty && digit == 0) { remainder.append(digit) }
      while !isBelow(remainder, modulus) { subtract(modulus, from: &remainder) }
    }
    return remainder.isEmpty
  }

  /// A number's magnitude as decimal digits (no leading or trailing zeros; none for zero) times 10^exponent.
  private static func digits(of value: JSONValue) -> (digits: [UInt8], exponent: Int)? {
    let text: String
    switch value {
    case .integer(let integer): text = String(integer.magnitude)
    case .bigInteger(let integer): text = integer.digits
    case .number(let double) where double.isFinite: text = double.magnitude.description
    default: return nil
    }
    var mantissa = Substring(text)
    var exponent = 0
    if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      guard let parsed = Int(mantissa[mantissa.index(after: e)...]) else { return nil }
      exponent = parsed
      mantissa = mantissa[..<e]
    }
    var digits: [UInt8] = []
    var seenPoint = false
    for byte in mantissa.utf8 {
      if byte == UInt8(ascii: ".") {
        seenPoint = true
        continue
      }
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      if seenPoint { exponent -= 1 }
      if digits.isEmpty, byte == UInt8(ascii: "0") { continue }
      digits.append(byte - UInt8(ascii: "0"))
    }
    while digits.last == 0 {
      digits.removeLast()
      exponent += 1
    }
    return (digits, exponent)
  }

  /// Whether the digits `a` spell a smaller number than `b` (neither has leading zeros).
  private static func isBelow(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
  }

  /// `a -= b` on digits, for `a` ≥ `b`; the result has no leading zeros.
  private static func subtract(_ b: [UInt8], from a: inout [UInt8]) {
    var borrow: UInt8 = 0
    var ai = a.count - 1
    var bi = b.count - 1
    while ai >= 0 {
      let subtrahend = (bi >= 0 ? b[bi] : 0) + borrow
      if a[ai] >= subtrahend {
        a[ai] -= subtrahend
        borrow = 0
      } else {
        a[ai] = a[ai] + 10 - subtrahend
        borrow = 1
      }
      ai -= 1
      bi -= 1
    }
    let zeros = a.prefix { $0 == 0 }.count
    a.removeFirst(zeros)
  }

  private static func scaled(_ significand: Int, by power: Int) -> Int? {
    guard power >= 0, power <= 40 else { return nil }
    var result = significand
    for _ in 0..<power {
      let (product, overflow) = result.multipliedReportingOverflow(by: 10)
      if overflow { return nil }
      result = product
    }
    return result
  }
}

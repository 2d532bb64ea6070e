/// Exact arithmetic on JSON numbers for `minimum`, `maximum` and `multipleOf`.
///
/// Integers stay integers (no rounding through `Double` above 2^53), and
/// `multipleOf` works on the numbers' shortest decimal forms, so
/// `0.0075` is a multiple of `0.0001` even though their binary quotient is
/// `74.99999999999999`.
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
    default: return nil
    }
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

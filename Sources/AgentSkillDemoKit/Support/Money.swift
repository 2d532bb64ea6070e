/// Amounts in cents, printed as `¥156.50`.
package enum Money {
  /// `¥156.50`; negative amounts get a minus sign.
  package static func format(cents: Int) -> String {
    let sign = cents < 0 ? "-" : ""
    let magnitude = cents.magnitude
    let fraction = magnitude % 100
    return "\(sign)¥\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}

extension Duration {
  /// A compact description for condition texts: `30 s`, `1.5 s`, `250 ms`.
  package var shortDescription: String {
    let (seconds, attoseconds) = components
    let total = Double(seconds) + Double(attoseconds) / 1e18
    if total != 0, total.magnitude < 1 {
      return "\(Self.trimmed(total * 1000)) ms"
    }
    return "\(Self.trimmed(total)) s"
  }

  private static func trimmed(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    if rounded.magnitude < 1e15, rounded == rounded.rounded() { return String(Int64(rounded)) }
    return String(rounded)
  }
}

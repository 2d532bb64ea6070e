import Foundation

/// How long to measure.
enum BenchScale: Sendable {
  /// A smoke run for CI: few iterations.
  case quick
  /// Enough iterations for stable figures.
  case full

  /// `full` scaled down for quick runs (never below 1).
  func iterations(_ full: Int) -> Int {
    switch self {
    case .quick: max(1, full / 100)
    case .full: full
    }
  }

  /// How many alternating rounds of subject and baseline to take the median of.
  var rounds: Int {
    switch self {
    case .quick: 1
    case .full: 7
    }
  }
}

/// A group of benchmark cases.
protocol BenchSuite: Sendable {
  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult]
}

/// One printed line.
struct BenchResult: Sendable {
  var name: String
  var iterations: Int
  var fields: [(String, BenchValue)]

  var jsonLine: String {
    var parts = ["\"case\":\(BenchValue.text(name).json)", "\"n\":\(iterations)"]
    for (key, value) in fields { parts.append("\"\(key)\":\(value.json)") }
    return "{" + parts.joined(separator: ",") + "}"
  }

  /// A subject-versus-baseline comparison with a ratio target.
  static func comparison(
    _ name: String, iterations: Int, subject: Double, baseline: Double, maximumRatio: Double
  ) -> BenchResult {
    let ratio = baseline > 0 ? subject / baseline : .infinity
    return BenchResult(
      name: name, iterations: iterations,
      fields: [
        ("ns_per_op", .number(subject)), ("baseline_ns_per_op", .number(baseline)), ("ratio", .number(ratio)),
        ("target", .text("<= \(maximumRatio)x")), ("meets_target", .bool(ratio <= maximumRatio)),
      ])
  }
}

/// A JSON value in a result line.
enum BenchValue: Sendable {
  case number(Double)
  case integer(Int)
  case text(String)
  case bool(Bool)

  var json: String {
    switch self {
    case .number(let value): value.isFinite ? String(format: "%.3f", value) : "null"
    case .integer(let value): String(value)
    case .bool(let value): value ? "true" : "false"
    case .text(let value):
      "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
  }
}

/// Nanoseconds in a duration.
func nanoseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

/// The median of `values` (0 for none).
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return 0 }
  let middle = sorted.count / 2
  return sorted.count % 2 == 0 ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

/// Runs `subject` and `baseline` in alternating rounds of `iterations`
/// operations each and returns the median nanoseconds per operation of each.
@MainActor
func compare(
  rounds: Int, iterations: Int,
  subject: @MainActor (Int) async -> Void,
  baseline: @MainActor (Int) async -> Void
) async -> (subject: Double, baseline: Double) {
  // Warm up both (first-call costs: metadata, lazy globals).
  await subject(max(1, iterations / 10))
  await baseline(max(1, iterations / 10))
  var subjectTimes: [Double] = []
  var baselineTimes: [Double] = []
  let clock = ContinuousClock()
  for _ in 0..<rounds {
    let start = clock.now
    await subject(iterations)
    subjectTimes.append(nanoseconds(start.duration(to: clock.now)) / Double(iterations))
    let baseStart = clock.now
    await baseline(iterations)
    baselineTimes.append(nanoseconds(baseStart.duration(to: clock.now)) / Double(iterations))
  }
  return (median(subjectTimes), median(baselineTimes))
}

/// Whether `name` passes the `--filter`.
func selected(_ name: String, _ filter: String?) -> Bool {
  guard let filter else { return true }
  return name.contains(filter)
}

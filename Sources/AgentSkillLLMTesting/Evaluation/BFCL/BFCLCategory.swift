/// A category of the Berkeley Function Calling Leaderboard that fits a tool-calling library: one user
/// request, functions offered as tools, and the calls (or no call) expected.
///
/// ```swift
/// #expect(BFCLCategory.parallelMultiple.rawValue == "parallel_multiple")
/// #expect(BFCLCategory.irrelevance.expectsNoCall)
/// ```
public enum BFCLCategory: String, Sendable, Hashable, Codable, CaseIterable {
  /// One function, one call (`simple_python`).
  case simple = "simple_python"
  /// Two to four functions, one call to the right one.
  case multiple
  /// One function called several times at once.
  case parallel
  /// Several functions, several calls at once.
  case parallelMultiple = "parallel_multiple"
  /// Functions that do not fit the request: no call is expected.
  case irrelevance
  /// User-contributed requests, one function, one call.
  case liveSimple = "live_simple"
  /// User-contributed requests, many functions, one call.
  case liveMultiple = "live_multiple"
  /// User-contributed requests, one function called several times.
  case liveParallel = "live_parallel"
  /// User-contributed requests, several functions, several calls.
  case liveParallelMultiple = "live_parallel_multiple"
  /// User-contributed requests no offered function fits: no call is expected.
  case liveIrrelevance = "live_irrelevance"
  /// User-contributed requests some function fits: any call passes.
  case liveRelevance = "live_relevance"

  /// The question file's name in the data directory (`BFCL_v4_simple_python.json`).
  public var questionFile: String { "BFCL_v4_\(rawValue).json" }

  /// The ground-truth file's path in the data directory, `nil` when no calls are labelled.
  public var answerFile: String? {
    expectsNoCall || self == .liveRelevance ? nil : "possible_answer/BFCL_v4_\(rawValue).json"
  }

  /// Whether the right answer is no call at all.
  public var expectsNoCall: Bool { self == .irrelevance || self == .liveIrrelevance }

  /// Whether the checker matches the calls in any order (BFCL's parallel checker).
  public var isParallel: Bool { rawValue.contains("parallel") }
}

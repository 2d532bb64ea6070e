/// Why a set of evaluation cases could not be read.
public enum EvaluationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file could not be read.
  case unreadableFile(path: String, problem: String)
  /// A line is not a case.
  case unreadableCase(source: String, line: Int, problem: String)
  /// The Berkeley Function Calling Leaderboard's data could not be installed.
  case benchmarkUnavailable(problem: String)

  /// What went wrong and how to fix it.
  public var description: String {
    switch self {
    case .unreadableFile(let path, let problem):
      "Cannot read the cases at \(path) (\(problem)). Check the path and that the file is UTF-8 JSON Lines."
    case .unreadableCase(let source, let line, let problem):
      "\(source):\(line) is not an evaluation case (\(problem)). Write one JSON object per line: "
        + #"{"id": "…", "turns": [{"user": "…", "expect": {"outcome": "call", "calls": [{"name": "…"}]}}]}."#
    case .benchmarkUnavailable(let problem):
      "Cannot install the BFCL data (\(problem)). It needs python3 with pip and access to PyPI; or download "
        + "bfcl-eval==\(BFCLDataset.pinnedVersion), unpack the wheel and pass its bfcl_eval/data directory."
    }
  }
}

import AgentSkillLLMTesting

/// How `--bfcl CATEGORIES` names the Berkeley Function Calling Leaderboard's categories.
enum BFCLEvalOptions {
  /// The categories without user-contributed ("live") data.
  static let core: [BFCLCategory] = [.simple, .multiple, .parallel, .parallelMultiple, .irrelevance]

  /// `all`, `core`, or a comma-separated list (`simple` may be written for `simple_python`).
  static func categories(_ text: String) throws(DemoUsageError) -> [BFCLCategory] {
    var categories: [BFCLCategory] = []
    for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
      switch name {
      case "all": categories += BFCLCategory.allCases
      case "core": categories += core
      case "simple": categories.append(.simple)
      default:
        guard let category = BFCLCategory(rawValue: name) else {
          let known = (["all", "core", "simple"] + BFCLCategory.allCases.dropFirst().map(\.rawValue))
          throw DemoUsageError(
            message: "--bfcl: unknown category '\(name)'; use \(known.joined(separator: ", ")), e.g. --bfcl core")
        }
        categories.append(category)
      }
    }
    var seen = Set<BFCLCategory>()
    let unique = categories.filter { seen.insert($0).inserted }
    guard !unique.isEmpty else { throw DemoUsageError(message: "--bfcl needs categories, e.g. --bfcl core") }
    return unique
  }
}

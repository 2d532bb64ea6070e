import AgentSkill

/// Resolves the name a model used against the tools that were offered.
///
/// Models decorate names: `functions.get_weather` (OpenAI's prompt format
/// leaking), `tools/get_weather`, `default_api:get_weather`,
/// `get_weather<|channel|>commentary`, `"get_weather"`, `Get_Weather`.
///
/// ```swift
/// let offered = ["get_weather", "search_bills"]
/// try ToolNameResolver.resolve("functions.get_weather", among: offered)  // "get_weather"
/// try ToolNameResolver.resolve("GET_WEATHER", among: offered)            // "get_weather"
/// try ToolNameResolver.resolve("get_wether", among: offered)
/// // throws: Unknown tool "get_wether". The available tools are: get_weather, search_bills. … Did you mean "get_weather"?
/// ```
public enum ToolNameResolver {
  /// Names longer than this are cut in error messages.
  static let maximumReportedNameLength = 100

  /// Finds the offered tool the model meant.
  ///
  /// Tried in order, each first on the whole name and then on its last
  /// namespace components (split at `.`, `/` and `:`): an exact match; a
  /// case-insensitive match; a match that also ignores `-` versus `_`. The
  /// name is first trimmed of whitespace, quotes, backticks, a trailing `()`
  /// and anything from a leaked special token (`<|`) on.
  ///
  /// - Parameters:
  ///   - name: The name the model used.
  ///   - available: The names of the offered tools.
  /// - Returns: The matching name from `available`, spelled as offered.
  /// - Throws: ``ToolCallError/unknownTool(name:available:)`` when nothing
  ///   matches (its message lists the available tools, for the model);
  ///   ``ToolCallError/ambiguousTool(name:candidates:)`` when a loose match
  ///   finds several tools.
  public static func resolve(_ name: String, among available: [String]) throws(ToolCallError) -> String {
    if available.contains(name) { return name }
    let candidates = self.candidates(for: name)
    for candidate in candidates where available.contains(candidate) { return candidate }
    for fold in [caseFold, separatorFold] {
      for candidate in candidates {
        let key = fold(candidate)
        var matches: [String] = []
        for offered in available where fold(offered) == key && !matches.contains(offered) {
          matches.append(offered)
        }
        if matches.count == 1, let match = matches.first { return match }
        if matches.count > 1 { throw .ambiguousTool(name: reported(name), candidates: matches) }
      }
    }
    throw .unknownTool(name: reported(name), available: available)
  }

  /// The cleaned name, then its namespace components from the last.
  private static func candidates(for name: String) -> [String] {
    var cleaned = Substring(name)
    if let token = cleaned.find("<|") { cleaned = cleaned[..<token.lowerBound] }
    let decoration: Set<Character> = ["\"", "'", "`", " ", "\t", "\n", "\r"]
    cleaned = cleaned.drop { decoration.contains($0) }
    while let last = cleaned.last, decoration.contains(last) { cleaned = cleaned.dropLast() }
    if cleaned.hasSuffix("()") { cleaned = cleaned.dropLast(2) }
    var result = [String(cleaned)]
    let components = cleaned.split(whereSeparator: { $0 == "." || $0 == "/" || $0 == ":" })
    if components.count > 1 {
      for component in components.suffix(8).reversed() where !result.contains(String(component)) {
        result.append(String(component))
      }
    }
    return result
  }

  private static func caseFold(_ name: String) -> String { name.lowercased() }

  private static func separatorFold(_ name: String) -> String {
    String(name.lowercased().map { $0 == "-" ? "_" : $0 })
  }

  private static func reported(_ name: String) -> String {
    let cut = name.count > maximumReportedNameLength ? String(name.prefix(maximumReportedNameLength)) + "…" : name
    return SecretRedactor.redact(cut)
  }

  /// The offered name closest to `name` by edit distance, when it is close
  /// enough to be a likely typo (at most a third of its length).
  static func closestName(to name: String, among available: [String]) -> String? {
    let target = Array(name.lowercased().prefix(64))
    guard !target.isEmpty else { return nil }
    var best: (name: String, distance: Int)?
    for offered in available.prefix(500) {
      let distance = editDistance(target, Array(offered.lowercased().prefix(64)))
      if distance <= max(1, target.count / 3), distance < (best?.distance ?? .max) { best = (offered, distance) }
    }
    return best?.name
  }

  private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}

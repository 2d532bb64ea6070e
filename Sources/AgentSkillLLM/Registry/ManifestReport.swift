/// What applying a manifest did: the skills registered or updated, and warnings.
///
/// ```swift
/// let report = try registry.loadManifest(text, catalog: [WeatherSkill(), LedgerQuerySkill()])
/// for warning in report.warnings { logger.warning(warning.description) }
/// ```
public struct ManifestReport: Sendable, Hashable, CustomStringConvertible {
  /// Ids newly registered, in manifest order.
  public var registered: [String] = []
  /// Ids that were already registered; their enabled flag and screen overrides were replaced.
  public var updated: [String] = []
  /// Ids registered or updated as disabled.
  public var disabled: [String] = []
  /// Everything skipped or suspicious.
  public var warnings: [ManifestWarning] = []

  /// Creates an empty report.
  public init() {}

  /// Whether there were no warnings.
  public var isClean: Bool { warnings.isEmpty }

  /// One line per fact: `registered: weather, ledger_query` then one line per warning.
  public var description: String {
    var lines = ["registered: \(registered.isEmpty ? "none" : registered.joined(separator: ", "))"]
    if !updated.isEmpty { lines.append("updated: \(updated.joined(separator: ", "))") }
    if !disabled.isEmpty { lines.append("disabled: \(disabled.joined(separator: ", "))") }
    lines += warnings.map { "warning: \($0.description)" }
    return lines.joined(separator: "\n")
  }
}

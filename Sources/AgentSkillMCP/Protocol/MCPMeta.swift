import AgentSkill
import AgentSkillLLM
import Foundation

/// The `_meta` keys revision 2026-07-28 reserves, and what a modern request and result carry in them.
enum MCPMeta {
  /// The request's protocol revision (required on every modern request).
  static let protocolVersion = "io.modelcontextprotocol/protocolVersion"
  /// The client's name and version.
  static let clientInfo = "io.modelcontextprotocol/clientInfo"
  /// The client's capabilities for this request (required).
  static let clientCapabilities = "io.modelcontextprotocol/clientCapabilities"
  /// The server's name and version, on results.
  static let serverInfo = "io.modelcontextprotocol/serverInfo"
  /// W3C trace context.
  static let traceparent = "traceparent"

  /// `params` with `entries` merged into its `_meta` (an absent `params` becomes an object).
  static func adding(_ entries: JSONObject, to params: JSONValue?) -> JSONValue {
    var object = params?.objectValue ?? JSONObject()
    var meta = object["_meta"]?.objectValue ?? JSONObject()
    for (key, value) in entries.members { meta[key] = value }
    object["_meta"] = .object(meta)
    return .object(object)
  }

  /// A W3C `traceparent` for a skill run: the run's id as the trace id, a fresh span id, sampled.
  static func traceparent(for runID: SkillRunID) -> String {
    let trace = hex(runID.rawValue)
    let span = String(hex(UUID()).prefix(16))
    return "00-\(trace)-\(span)-01"
  }

  /// Whether `value` is a well-formed version-00 `traceparent` (lowercase hex, ids not all zero).
  static func isTraceparent(_ value: String) -> Bool {
    let parts = value.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0] == "00", parts[1].count == 32, parts[2].count == 16, parts[3].count == 2 else {
      return false
    }
    let lowerHex = Set("0123456789abcdef")
    guard parts.dropFirst().allSatisfy({ $0.allSatisfy(lowerHex.contains) }) else { return false }
    return parts[1].contains { $0 != "0" } && parts[2].contains { $0 != "0" }
  }

  private static func hex(_ uuid: UUID) -> String {
    uuid.uuidString.replacingOccurrences(of: "-", with: "").lowercased()
  }
}

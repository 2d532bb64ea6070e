/// A revision of the Model Context Protocol, named by its date (`2026-07-28`).
///
/// Revisions come in two eras. **Modern** revisions (``modern``: 2026-07-28) have no handshake: every request
/// names its revision in `_meta`, and a client learns which ones a server speaks from `server/discover`.
/// **Handshake** revisions (``handshake``: 2025-11-25 back to 2024-11-05) agree on one during `initialize`:
/// the client proposes ``latestHandshake``; a server that knows it answers with it, otherwise with its own
/// newest, which the client accepts when it is in ``supported``.
///
/// ```swift
/// MCPProtocolVersion.negotiate(requested: "2025-03-26")   // 2025-03-26
/// MCPProtocolVersion.negotiate(requested: "2099-01-01")   // 2025-11-25, the newest handshake revision
/// MCPProtocolVersion.revision20260728.isModern            // true
/// ```
public struct MCPProtocolVersion: Sendable, Hashable, Comparable, RawRepresentable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The date string, such as `2026-07-28`.
  public let rawValue: String

  /// Wraps a date string.
  ///
  /// - Parameter rawValue: The revision's date, `YYYY-MM-DD`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Wraps a date string.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// Revision 2026-07-28: stateless requests with `_meta`, `server/discover`, multi round-trip requests,
  /// cache hints.
  public static let revision20260728: MCPProtocolVersion = "2026-07-28"
  /// Revision 2025-11-25: elicitation URL mode, tool output schemas and structured content as standard.
  public static let revision20251125: MCPProtocolVersion = "2025-11-25"
  /// Revision 2025-06-18: structured tool output, elicitation, resource links.
  public static let revision20250618: MCPProtocolVersion = "2025-06-18"
  /// Revision 2025-03-26: Streamable HTTP, audio content, tool annotations.
  public static let revision20250326: MCPProtocolVersion = "2025-03-26"
  /// Revision 2024-11-05: the first published revision.
  public static let revision20241105: MCPProtocolVersion = "2024-11-05"

  /// The newest revision spoken here (a modern one), which a client tries first.
  public static let latest = revision20260728
  /// The newest revision reachable through the `initialize` handshake, proposed by clients that fall back to it.
  public static let latestHandshake = revision20251125
  /// The modern revisions spoken here, newest first: no handshake, `_meta` on every request.
  public static let modern: [MCPProtocolVersion] = [revision20260728]
  /// The handshake revisions spoken here, newest first.
  public static let handshake: [MCPProtocolVersion] = [
    revision20251125, revision20250618, revision20250326, revision20241105,
  ]
  /// Every revision spoken here, newest first.
  public static let supported: [MCPProtocolVersion] = modern + handshake

  /// Whether this is a modern revision (no `initialize` handshake).
  public var isModern: Bool { Self.modern.contains(self) }

  /// The revision a server answers to `initialize` when a client asks for `requested`: the same one when it is
  /// a supported handshake revision, else ``latestHandshake``.
  ///
  /// - Parameter requested: What the client proposed.
  /// - Returns: The revision to answer with.
  public static func negotiate(requested: MCPProtocolVersion) -> MCPProtocolVersion {
    handshake.contains(requested) ? requested : latestHandshake
  }

  /// Orders revisions by date.
  public static func < (lhs: MCPProtocolVersion, rhs: MCPProtocolVersion) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The date string.
  public var description: String { rawValue }
}

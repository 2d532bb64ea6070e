/// A revision of the Model Context Protocol, named by its date (`2025-06-18`).
///
/// Both sides of a connection agree on one during `initialize`: the client
/// proposes ``latest``; a server that knows it answers with it, otherwise
/// with its own newest revision, which the client accepts when it is in
/// ``supported``.
///
/// ```swift
/// MCPProtocolVersion.negotiate(requested: "2025-03-26")   // 2025-03-26
/// MCPProtocolVersion.negotiate(requested: "2099-01-01")   // 2025-06-18, our latest
/// ```
public struct MCPProtocolVersion: Sendable, Hashable, Comparable, RawRepresentable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The date string, such as `2025-06-18`.
  public let rawValue: String

  /// Wraps a date string.
  ///
  /// - Parameter rawValue: The revision's date, `YYYY-MM-DD`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// Wraps a date string.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// Revision 2025-06-18: structured tool output, elicitation, resource links.
  public static let revision20250618: MCPProtocolVersion = "2025-06-18"
  /// Revision 2025-03-26: Streamable HTTP, audio content, tool annotations.
  public static let revision20250326: MCPProtocolVersion = "2025-03-26"
  /// Revision 2024-11-05: the first published revision.
  public static let revision20241105: MCPProtocolVersion = "2024-11-05"

  /// The newest revision spoken here, proposed by clients.
  public static let latest = revision20250618
  /// Every revision spoken here, newest first.
  public static let supported: [MCPProtocolVersion] = [revision20250618, revision20250326, revision20241105]

  /// The revision a server answers when a client asks for `requested`: the same one when it is
  /// supported, else ``latest``.
  ///
  /// - Parameter requested: What the client proposed.
  /// - Returns: The revision to answer with.
  public static func negotiate(requested: MCPProtocolVersion) -> MCPProtocolVersion {
    supported.contains(requested) ? requested : latest
  }

  /// Orders revisions by date.
  public static func < (lhs: MCPProtocolVersion, rhs: MCPProtocolVersion) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The date string.
  public var description: String { rawValue }
}

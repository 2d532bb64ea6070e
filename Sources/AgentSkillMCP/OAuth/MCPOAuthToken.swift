import AgentSkill
import Foundation

/// An access token for an MCP server, with its refresh token and expiry.
///
/// Printing, dumping or interpolating it shows neither token.
///
/// ```swift
/// let token = MCPOAuthToken(accessToken: "at-1", refreshToken: "rt-1", expiresAt: Date().addingTimeInterval(3600))
/// print(token)  // MCPOAuthToken(access: [REDACTED], refresh: [REDACTED], expires: …)
/// ```
public struct MCPOAuthToken: Sendable, Equatable, Codable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The bearer token sent as `Authorization: Bearer …`.
  public var accessToken: String
  /// The refresh token, when the authorization server issued one.
  public var refreshToken: String?
  /// When the access token expires, when the server said (`expires_in`).
  public var expiresAt: Date?
  /// The granted scopes, space-separated, when the server said.
  public var scope: String?

  /// A token.
  ///
  /// - Parameters:
  ///   - accessToken: The bearer token.
  ///   - refreshToken: The refresh token, if any.
  ///   - expiresAt: When the access token expires, if known.
  ///   - scope: The granted scopes, space-separated.
  public init(accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil, scope: String? = nil) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.expiresAt = expiresAt
    self.scope = scope
  }

  /// Whether the access token expires within `tolerance` of `now` (or has expired); a token without an expiry
  /// never does.
  ///
  /// - Parameters:
  ///   - now: The current time.
  ///   - tolerance: How long before the expiry the token counts as expired already.
  /// - Returns: `true` when the token should be refreshed before it is used.
  public func expires(within tolerance: Duration, of now: Date) -> Bool {
    guard let expiresAt else { return false }
    let seconds = Double(tolerance.components.seconds) + Double(tolerance.components.attoseconds) / 1e18
    return expiresAt.timeIntervalSince(now) <= seconds
  }

  /// The token with both secrets redacted.
  public var description: String {
    let refresh = refreshToken == nil ? "none" : SecretRedactor.placeholder
    let expires = expiresAt.map { "\($0)" } ?? "unknown"
    return "MCPOAuthToken(access: \(SecretRedactor.placeholder), refresh: \(refresh), expires: \(expires))"
  }

  /// The same as ``description``.
  public var debugDescription: String { description }

  /// A mirror without the secrets, for `dump` and debuggers.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "accessToken": SecretRedactor.placeholder,
        "refreshToken": refreshToken == nil ? "nil" : SecretRedactor.placeholder,
        "expiresAt": expiresAt as Any, "scope": scope as Any,
      ])
  }
}

/// What an app keeps for one MCP server between launches: the authorization server it authorized with, the
/// client credentials that server issued, and the current token.
public struct MCPOAuthSession: Sendable, Equatable, Codable {
  /// The issuer identifier of the authorization server the credentials and token belong to.
  public var issuer: String
  /// The client identity used with that server.
  public var client: MCPOAuthClientCredentials?
  /// The current token, if signed in.
  public var token: MCPOAuthToken?

  /// A session.
  ///
  /// - Parameters:
  ///   - issuer: The authorization server's issuer identifier.
  ///   - client: The client credentials it issued.
  ///   - token: The current token.
  public init(issuer: String, client: MCPOAuthClientCredentials? = nil, token: MCPOAuthToken? = nil) {
    self.issuer = issuer
    self.client = client
    self.token = token
  }
}

import AgentSkill

/// The client identity this app uses with one authorization server: a registered, pre-configured or
/// metadata-document client id, and the secret the server issued with it, if any.
///
/// Credentials belong to the authorization server that issued them: they are kept with its issuer and never sent
/// to another one.
public struct MCPOAuthClientCredentials: Sendable, Equatable, Codable, CustomStringConvertible, CustomReflectable {
  /// The `client_id`.
  public var clientID: String
  /// The `client_secret`, for confidential registrations.
  public var clientSecret: String?
  /// How the token endpoint wants the secret: `client_secret_basic` or `client_secret_post` (`none` without one).
  public var tokenEndpointAuthMethod: String

  /// Credentials.
  ///
  /// - Parameters:
  ///   - clientID: The client id.
  ///   - clientSecret: The client secret, if any.
  ///   - tokenEndpointAuthMethod: `none`, `client_secret_post` or `client_secret_basic`; defaults to `none`
  ///     without a secret and `client_secret_post` with one.
  public init(clientID: String, clientSecret: String? = nil, tokenEndpointAuthMethod: String? = nil) {
    self.clientID = clientID
    self.clientSecret = clientSecret
    self.tokenEndpointAuthMethod = tokenEndpointAuthMethod ?? (clientSecret == nil ? "none" : "client_secret_post")
  }

  /// The client id, and whether there is a secret (not the secret).
  public var description: String {
    "MCPOAuthClientCredentials(clientID: \(clientID), secret: \(clientSecret == nil ? "none" : SecretRedactor.placeholder))"
  }

  /// A mirror without the secret, for `dump` and debuggers.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "clientID": clientID, "clientSecret": clientSecret == nil ? "nil" : SecretRedactor.placeholder,
        "tokenEndpointAuthMethod": tokenEndpointAuthMethod,
      ])
  }
}

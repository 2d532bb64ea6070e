import Foundation

/// OAuth 2.0 Authorization Server Metadata (RFC 8414), or the same fields of an OpenID Connect discovery
/// document: the endpoints and what the server supports.
struct AuthorizationServerMetadata: Sendable, Equatable, Decodable {
  /// `issuer`: the identifier the metadata was looked up by, exactly.
  var issuer: String
  var authorizationEndpoint: URL
  var tokenEndpoint: URL
  var registrationEndpoint: URL?
  var scopesSupported: [String]?
  var codeChallengeMethodsSupported: [String]?
  var tokenEndpointAuthMethodsSupported: [String]?
  /// `client_id_metadata_document_supported`: a client may use an HTTPS URL of its metadata as its client id.
  var clientIDMetadataDocumentSupported: Bool
  /// `authorization_response_iss_parameter_supported` (RFC 9207): redirects carry `iss`.
  var issParameterSupported: Bool

  private enum CodingKeys: String, CodingKey {
    case issuer
    case authorizationEndpoint = "authorization_endpoint"
    case tokenEndpoint = "token_endpoint"
    case registrationEndpoint = "registration_endpoint"
    case scopesSupported = "scopes_supported"
    case codeChallengeMethodsSupported = "code_challenge_methods_supported"
    case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
    case clientIDMetadataDocumentSupported = "client_id_metadata_document_supported"
    case issParameterSupported = "authorization_response_iss_parameter_supported"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    issuer = try container.decode(String.self, forKey: .issuer)
    authorizationEndpoint = try container.decode(URL.self, forKey: .authorizationEndpoint)
    tokenEndpoint = try container.decode(URL.self, forKey: .tokenEndpoint)
    registrationEndpoint = try container.decodeIfPresent(URL.self, forKey: .registrationEndpoint)
    scopesSupported = try container.decodeIfPresent([String].self, forKey: .scopesSupported)
    codeChallengeMethodsSupported = try container.decodeIfPresent(
      [String].self, forKey: .codeChallengeMethodsSupported)
    tokenEndpointAuthMethodsSupported = try container.decodeIfPresent(
      [String].self, forKey: .tokenEndpointAuthMethodsSupported)
    clientIDMetadataDocumentSupported =
      try container.decodeIfPresent(Bool.self, forKey: .clientIDMetadataDocumentSupported) ?? false
    issParameterSupported = try container.decodeIfPresent(Bool.self, forKey: .issParameterSupported) ?? false
  }

  /// Whether the server does PKCE with S256; MCP clients refuse servers that do not say so.
  var supportsS256: Bool { codeChallengeMethodsSupported?.contains("S256") ?? false }

  /// Where to look for the metadata of `issuer`, in MCP's order: RFC 8414 with path insertion, OpenID Connect
  /// discovery with path insertion, then OpenID Connect discovery appended to the path; for an issuer without a
  /// path, RFC 8414 then OpenID Connect discovery.
  static func wellKnownURLs(for issuer: URL) -> [URL] {
    var path = issuer.path
    while path.hasSuffix("/") { path.removeLast() }
    let candidates =
      path.isEmpty
      ? ["/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"]
      : [
        "/.well-known/oauth-authorization-server" + path, "/.well-known/openid-configuration" + path,
        path + "/.well-known/openid-configuration",
      ]
    return candidates.compactMap { OAuthURL.replacingPath(of: issuer, with: $0) }
  }
}

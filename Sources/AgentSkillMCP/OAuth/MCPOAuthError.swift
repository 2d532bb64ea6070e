import Foundation

/// Why the OAuth authorization of a remote MCP server failed; each message says what to do about it.
///
/// Tokens never appear in these messages.
public enum MCPOAuthError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
  /// No protected-resource metadata was found at the `WWW-Authenticate` URL nor at the well-known URLs tried.
  case resourceMetadataNotFound(server: String, tried: [String])
  /// The protected-resource metadata names a resource that does not cover the server's URL.
  case resourceMismatch(server: String, advertised: String)
  /// The protected-resource metadata names no authorization server.
  case noAuthorizationServer(server: String)
  /// No metadata document was found for the authorization server at any of the well-known URLs tried.
  case authorizationServerMetadataNotFound(issuer: String, tried: [String])
  /// A metadata document names another issuer than the one it was looked up for (RFC 8414 §3.3).
  case issuerMismatch(expected: String, found: String)
  /// The authorization server does not advertise PKCE with S256.
  case pkceUnsupported(issuer: String)
  /// The authorization server offers neither client-ID metadata documents nor dynamic registration, and no client
  /// id was configured.
  case registrationUnavailable(issuer: String)
  /// Dynamic client registration was refused.
  case registrationFailed(issuer: String, status: Int, error: String?, description: String?)
  /// The redirect's `iss` is not the authorization server's issuer (RFC 9207), or is missing although the server
  /// says it sends one. The code was not used.
  case authorizationResponseIssuerMismatch(expected: String, received: String?)
  /// The redirect's `state` is not the one sent: the response belongs to another request. The code was not used.
  case stateMismatch
  /// The user or the authorization server refused (the redirect's `error`).
  case authorizationDenied(error: String, description: String?)
  /// The redirect carried neither a code nor an error.
  case missingAuthorizationCode
  /// The token endpoint refused a request.
  case tokenRequestFailed(endpoint: String, status: Int, error: String?, description: String?)
  /// The token endpoint answered something that is not a bearer token response.
  case invalidTokenResponse(endpoint: String, reason: String)
  /// The browser step failed or was cancelled.
  case browserFailed(reason: String)
  /// An HTTP exchange with a discovery, registration or token endpoint failed.
  case networkFailed(url: String, reason: String)
  /// The token store could not read or write.
  case storeFailed(reason: String)

  /// What went wrong and the fix.
  public var description: String {
    switch self {
    case .resourceMetadataNotFound(let server, let tried):
      "\(server) asks for authorization but publishes no OAuth protected-resource metadata (tried "
        + "\(tried.joined(separator: ", "))); ask its operator for the authorization server, or pass a token in "
        + "MCPTransport.http(_:headers:)"
    case .resourceMismatch(let server, let advertised):
      "the protected-resource metadata of \(server) is for \(advertised), which does not cover it; "
        + "check the server URL (a proxy may be rewriting it)"
    case .noAuthorizationServer(let server):
      "the protected-resource metadata of \(server) names no authorization server; ask its operator to list one"
    case .authorizationServerMetadataNotFound(let issuer, let tried):
      "the authorization server \(issuer) publishes no metadata (tried \(tried.joined(separator: ", "))); "
        + "check that the issuer is reachable from this device"
    case .issuerMismatch(let expected, let found):
      "the authorization server metadata for \(expected) names the issuer \(found); it was not used (RFC 8414 "
        + "requires them to be identical); ask the server's operator to fix its metadata"
    case .pkceUnsupported(let issuer):
      "the authorization server \(issuer) does not advertise PKCE with S256 (code_challenge_methods_supported), "
        + "which MCP requires; ask its operator to enable it"
    case .registrationUnavailable(let issuer):
      "the authorization server \(issuer) offers neither client-ID metadata documents nor dynamic client "
        + "registration; register this app with it and pass the client id as MCPOAuthConfiguration.clientID"
    case .registrationFailed(let issuer, let status, let error, let description):
      "\(issuer) refused to register this client (HTTP \(status)\(Self.detail(error, description))); "
        + "register the app by hand and pass MCPOAuthConfiguration.clientID"
    case .authorizationResponseIssuerMismatch(let expected, let received):
      "the authorization response came from \(received.map { "issuer \($0)" } ?? "an unnamed issuer") instead "
        + "of \(expected) (RFC 9207); the code was discarded — this can be a mix-up attack; sign in again"
    case .stateMismatch:
      "the authorization response does not match the request sent (state differs); the code was discarded; "
        + "sign in again, finishing one sign-in before starting another"
    case .authorizationDenied(let error, let description):
      "authorization was refused (\(error)\(description.map { ": \($0)" } ?? "")); sign in again and approve "
        + "the access, or ask the server's operator which scopes your account may use"
    case .missingAuthorizationCode:
      "the authorization response carried no code; check that the redirect URI is the one registered"
    case .tokenRequestFailed(let endpoint, let status, let error, let description):
      "the token endpoint \(endpoint) refused (HTTP \(status)\(Self.detail(error, description))); "
        + "sign in again; if it persists, check the client id and redirect URI registered with the server"
    case .invalidTokenResponse(let endpoint, let reason):
      "the token endpoint \(endpoint) answered no usable bearer token (\(reason)); ask the server's operator"
    case .browserFailed(let reason):
      "the sign-in in the browser did not finish (\(reason)); try again"
    case .networkFailed(let url, let reason):
      "\(url) could not be reached (\(reason)); check the network and the server URL"
    case .storeFailed(let reason):
      "the token store failed (\(reason)); check the Keychain or the store's location"
    }
  }

  /// The description, for `localizedDescription`.
  public var errorDescription: String? { description }

  private static func detail(_ error: String?, _ description: String?) -> String {
    switch (error, description) {
    case (let error?, let description?): ", \(error): \(description)"
    case (let error?, nil): ", \(error)"
    case (nil, let description?): ", \(description)"
    case (nil, nil): ""
    }
  }
}

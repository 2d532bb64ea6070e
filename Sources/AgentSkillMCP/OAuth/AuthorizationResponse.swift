import Foundation

/// The authorization server's redirect, checked before its code is used: the issuer (RFC 9207) first — on a
/// mismatch nothing else in it is trusted, not even an error — then `state`, then the error or the code.
enum AuthorizationResponse {
  /// The authorization code from `redirect`.
  ///
  /// - Parameters:
  ///   - redirect: The URL the browser step returned.
  ///   - state: The `state` sent with the request.
  ///   - issuer: The issuer recorded from the validated metadata before the request.
  ///   - issuerRequired: The metadata's `authorization_response_iss_parameter_supported`: a missing `iss` is
  ///     then refused; otherwise a present one is still compared.
  /// - Throws: ``MCPOAuthError`` naming the failed check.
  static func code(
    from redirect: URL, state: String, issuer: String, issuerRequired: Bool
  ) throws(MCPOAuthError) -> String {
    let items = URLComponents(url: redirect, resolvingAgainstBaseURL: false)?.queryItems ?? []
    func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
    // Simple string comparison, after form decoding only (RFC 3986 §6.2.1).
    switch value("iss") {
    case let received? where received != issuer:
      throw .authorizationResponseIssuerMismatch(expected: issuer, received: received)
    case nil where issuerRequired:
      throw .authorizationResponseIssuerMismatch(expected: issuer, received: nil)
    default:
      break
    }
    guard value("state") == state else { throw .stateMismatch }
    if let error = value("error") {
      throw .authorizationDenied(error: error, description: value("error_description"))
    }
    guard let code = value("code"), !code.isEmpty else { throw .missingAuthorizationCode }
    return code
  }
}

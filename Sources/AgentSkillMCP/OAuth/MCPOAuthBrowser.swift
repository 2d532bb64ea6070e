import Foundation

/// The browser step of OAuth: shows the authorization server's sign-in page and returns the redirect it ends with.
///
/// ``MCPOAuthLoopbackBrowser`` waits on a 127.0.0.1 port (command-line tools); on Apple platforms
/// `MCPOAuthWebAuthenticationBrowser` uses `ASWebAuthenticationSession`; tests script one.
///
/// ```swift
/// struct Approver: MCPOAuthBrowser {
///   let redirectURI = URL(string: "http://127.0.0.1:9/callback")!
///   func authorize(_ url: URL) async throws(MCPOAuthError) -> URL {
///     throw .browserFailed(reason: "no browser here")
///   }
/// }
/// ```
public protocol MCPOAuthBrowser: Sendable {
  /// The redirect URI registered for this client, which ``authorize(_:)`` waits for.
  var redirectURI: URL { get }

  /// Opens `url` (the authorization request) and returns the URL the authorization server redirected to, with
  /// its `code`, `state` and `iss` (or `error`) query parameters.
  ///
  /// - Parameter url: The authorization URL.
  /// - Returns: The redirect URL.
  /// - Throws: ``MCPOAuthError/browserFailed(reason:)`` when the user cancels or the wait ends.
  func authorize(_ url: URL) async throws(MCPOAuthError) -> URL
}

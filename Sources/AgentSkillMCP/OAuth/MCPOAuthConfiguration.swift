import Foundation

/// How ``MCPOAuthClient`` signs in to remote MCP servers: the browser step, where tokens are kept, and how the app
/// identifies itself to authorization servers.
///
/// ```swift
/// var configuration = MCPOAuthConfiguration(
///   clientName: "My App", browser: try MCPOAuthLoopbackBrowser { url in print("Sign in: \(url)") },
///   store: MCPOAuthMemoryTokenStore())
/// configuration.refreshTolerance = .seconds(120)
/// ```
public struct MCPOAuthConfiguration: Sendable {
  /// The app's name, shown by the authorization server and sent when registering.
  public var clientName: String
  /// The browser step.
  public var browser: any MCPOAuthBrowser
  /// Where sessions are kept between connections and launches.
  public var store: any MCPOAuthTokenStore
  /// A client id registered with the authorization server beforehand; used instead of registering.
  public var clientID: String?
  /// The secret of ``clientID``, for a confidential pre-registered client.
  public var clientSecret: String?
  /// The HTTPS URL of this app's client-ID metadata document, used as its client id with authorization servers
  /// that advertise `client_id_metadata_document_supported`.
  public var clientMetadataURL: URL?
  /// Scopes to ask for when the server's challenge names none; `nil` asks for the resource's `scopes_supported`.
  public var scopes: [String]?
  /// How long before its expiry an access token is refreshed (before a request, not after a failure).
  /// Defaults to 60 seconds.
  public var refreshTolerance: Duration
  /// The current time, for token expiry; tests pass one driven by a test clock.
  public var now: @Sendable () -> Date
  /// Receives one line per OAuth HTTP exchange and browser step, secrets redacted.
  public var log: @Sendable (String) -> Void

  /// A configuration.
  ///
  /// - Parameters:
  ///   - clientName: The app's name.
  ///   - browser: The browser step.
  ///   - store: Where sessions are kept.
  ///   - clientID: A pre-registered client id, if any.
  ///   - clientSecret: Its secret, if any.
  ///   - clientMetadataURL: The app's client-ID metadata document URL, if it publishes one.
  ///   - scopes: Scopes to ask for when the challenge names none.
  ///   - refreshTolerance: How long before expiry a token is refreshed.
  ///   - now: The current time.
  ///   - log: Where the redacted exchange lines go.
  public init(
    clientName: String,
    browser: any MCPOAuthBrowser,
    store: any MCPOAuthTokenStore,
    clientID: String? = nil,
    clientSecret: String? = nil,
    clientMetadataURL: URL? = nil,
    scopes: [String]? = nil,
    refreshTolerance: Duration = .seconds(60),
    now: @escaping @Sendable () -> Date = { Date() },
    log: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.clientName = clientName
    self.browser = browser
    self.store = store
    self.clientID = clientID
    self.clientSecret = clientSecret
    self.clientMetadataURL = clientMetadataURL
    self.scopes = scopes
    self.refreshTolerance = refreshTolerance
    self.now = now
    self.log = log
  }
}

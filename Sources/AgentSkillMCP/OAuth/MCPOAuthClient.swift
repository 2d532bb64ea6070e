import AgentSkill
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Signs in to one remote MCP server with OAuth 2.1 as MCP's authorization specification asks, for
/// ``MCPTransport/http(_:headers:oauth:)``.
///
/// When the server answers 401, the client reads its `WWW-Authenticate` challenge (or the well-known URLs) for the
/// protected-resource metadata (RFC 9728), finds the authorization server's metadata (RFC 8414, or OpenID Connect
/// discovery), identifies itself (a stored or configured client id, a client-ID metadata document when the server
/// supports one, or dynamic registration, RFC 7591), and runs the authorization code flow with PKCE (S256), `state`
/// and the `resource` parameter (RFC 8707) through the configured ``MCPOAuthBrowser``, checking the redirect's `iss`
/// (RFC 9207). The request is then sent once more with the token. A 403 `insufficient_scope` signs in again for the
/// challenged scopes (step-up). Tokens are refreshed shortly before they expire
/// and when the server refuses them; when the refresh token is refused too, the browser step runs again.
///
/// ```swift
/// let url = URL(string: "https://mcp.example.com/mcp")!
/// let oauth = MCPOAuthClient(
///   server: url,
///   configuration: MCPOAuthConfiguration(
///     clientName: "My App", browser: try MCPOAuthLoopbackBrowser { print("Sign in: \($0)") },
///     store: MCPOAuthMemoryTokenStore()))
/// let client = try await MCPClient.connect(.http(url, oauth: oauth))
/// ```
public actor MCPOAuthClient {
  /// The MCP endpoint this client signs in to.
  public let server: URL
  /// The configuration.
  public let configuration: MCPOAuthConfiguration

  private let http: OAuthHTTP
  private var session: MCPOAuthSession?
  private var loaded = false
  private var resourceMetadata: ProtectedResourceMetadata?
  private var resourceMetadataURL: URL?
  private var authorizationServer: AuthorizationServerMetadata?
  /// The refresh or sign-in under way; concurrent requests wait for it instead of starting their own.
  private var flow: Task<Void, any Error>?

  /// A client for `server`; nothing happens until the server asks for authorization.
  ///
  /// - Parameters:
  ///   - server: The MCP endpoint.
  ///   - configuration: The browser step, the token store and the app's identity.
  public init(server: URL, configuration: MCPOAuthConfiguration) {
    self.server = server
    self.configuration = configuration
    let sessionConfiguration = URLSessionConfiguration.ephemeral
    sessionConfiguration.timeoutIntervalForRequest = 30
    http = OAuthHTTP(session: URLSession(configuration: sessionConfiguration), log: configuration.log)
  }

  /// The key of this server's session in the store.
  private var storeKey: String { server.absoluteString }

  // MARK: Public

  /// Signs in now (discovery, registration, the browser step, the token request) instead of waiting for the
  /// server's first 401.
  ///
  /// - Throws: ``MCPOAuthError``.
  public func signIn() async throws(MCPOAuthError) {
    try await coalesced { client throws(MCPOAuthError) in try await client.authorizeInBrowser(nil) }
  }

  /// Forgets this server's token (the client registration is kept), so the next request signs in again.
  ///
  /// - Throws: ``MCPOAuthError/storeFailed(reason:)``.
  public func signOut() async throws(MCPOAuthError) {
    try await loadIfNeeded()
    guard var current = session else { return }
    current.token = nil
    try await save(current)
  }

  // MARK: Transport hooks

  /// The `Authorization` header value for the next request, refreshing the token first when it expires within
  /// ``MCPOAuthConfiguration/refreshTolerance``; `nil` before the first sign-in.
  func authorizationHeader() async throws(MCPOAuthError) -> String? {
    try await waitForFlow()
    try await loadIfNeeded()
    guard let token = session?.token else { return nil }
    if token.refreshToken != nil, token.expires(within: configuration.refreshTolerance, of: configuration.now()) {
      try await coalesced { client throws(MCPOAuthError) in _ = try await client.refresh(nil) }
    }
    return session?.token.map { "Bearer \($0.accessToken)" }
  }

  /// Handles a 401 (or a 403 `insufficient_scope`): refreshes the token, or signs in again — for the challenged
  /// scopes on a 403 — so the request can be sent once more.
  ///
  /// - Parameters:
  ///   - challenge: The response's `WWW-Authenticate` header.
  ///   - sent: The `Authorization` header the refused request carried.
  func unauthorized(challenge: String?, sent: String?) async throws(MCPOAuthError) {
    let challenge = challenge.flatMap(BearerChallenge.init(header:))
    if flow != nil {
      try await waitForFlow()
      return
    }
    try await loadIfNeeded()
    if let token = session?.token, sent != "Bearer \(token.accessToken)" {
      // Another request renewed the token meanwhile.
      return
    }
    try await coalesced { client throws(MCPOAuthError) in try await client.recover(challenge) }
  }

  // MARK: Flow

  private func recover(_ challenge: BearerChallenge?) async throws(MCPOAuthError) {
    if challenge?.error != "insufficient_scope", session?.token?.refreshToken != nil {
      if try await refresh(challenge) { return }
    }
    try await authorizeInBrowser(challenge)
  }

  /// Runs `work` as the one flow under way; callers arriving meanwhile wait for it.
  private func coalesced(
    _ work: @escaping @Sendable (isolated MCPOAuthClient) async throws(MCPOAuthError) -> Void
  ) async throws(MCPOAuthError) {
    if flow != nil { return try await waitForFlow() }
    let task = Task { try await work(self) }
    flow = task
    defer { flow = nil }
    do {
      try await task.value
    } catch let error as MCPOAuthError {
      throw error
    } catch {
      throw .browserFailed(reason: "cancelled")
    }
  }

  private func waitForFlow() async throws(MCPOAuthError) {
    guard let flow else { return }
    do {
      try await flow.value
    } catch let error as MCPOAuthError {
      throw error
    } catch {
      throw .browserFailed(reason: "cancelled")
    }
  }

  private func loadIfNeeded() async throws(MCPOAuthError) {
    guard !loaded else { return }
    session = try await configuration.store.session(for: storeKey)
    loaded = true
  }

  private func save(_ updated: MCPOAuthSession?) async throws(MCPOAuthError) {
    session = updated
    try await configuration.store.setSession(updated, for: storeKey)
  }

  /// Finds the protected-resource metadata and the authorization server's metadata, once (again when a challenge
  /// names other metadata). Credentials stored for another authorization server are dropped.
  private func discover(_ challenge: BearerChallenge?) async throws(MCPOAuthError) -> (
    ProtectedResourceMetadata, AuthorizationServerMetadata
  ) {
    if let resourceMetadata, let authorizationServer,
      challenge?.resourceMetadata == nil || challenge?.resourceMetadata == resourceMetadataURL
    {
      return (resourceMetadata, authorizationServer)
    }
    let candidates = challenge?.resourceMetadata.map { [$0] } ?? ProtectedResourceMetadata.wellKnownURLs(for: server)
    var found: (URL, ProtectedResourceMetadata)?
    for url in candidates {
      let response = try await http.get(url)
      guard response.status == 200,
        let metadata = try? JSONDecoder().decode(ProtectedResourceMetadata.self, from: response.body)
      else { continue }
      found = (url, metadata)
      break
    }
    guard let (metadataURL, resource) = found else {
      throw .resourceMetadataNotFound(server: server.absoluteString, tried: candidates.map(\.absoluteString))
    }
    guard resource.covers(server) else {
      throw .resourceMismatch(server: server.absoluteString, advertised: resource.resource)
    }
    guard let issuer = resource.authorizationServers.first, let issuerURL = URL(string: issuer) else {
      throw .noAuthorizationServer(server: server.absoluteString)
    }
    let wellKnown = AuthorizationServerMetadata.wellKnownURLs(for: issuerURL)
    var metadata: AuthorizationServerMetadata?
    for url in wellKnown {
      let response = try await http.get(url)
      guard response.status == 200,
        let decoded = try? JSONDecoder().decode(AuthorizationServerMetadata.self, from: response.body)
      else { continue }
      guard decoded.issuer == issuer else { throw .issuerMismatch(expected: issuer, found: decoded.issuer) }
      metadata = decoded
      break
    }
    guard let metadata else {
      throw .authorizationServerMetadataNotFound(issuer: issuer, tried: wellKnown.map(\.absoluteString))
    }
    guard metadata.supportsS256 else { throw .pkceUnsupported(issuer: issuer) }
    try await loadIfNeeded()
    if session?.issuer != issuer {
      // Credentials belong to the server that issued them: start afresh with this one.
      try await save(MCPOAuthSession(issuer: issuer))
    }
    resourceMetadata = resource
    resourceMetadataURL = metadataURL
    authorizationServer = metadata
    return (resource, metadata)
  }

  /// The client identity to use with `metadata`'s server: stored, configured, a metadata document, or registered.
  private func clientCredentials(
    _ metadata: AuthorizationServerMetadata, scope: String?
  ) async throws(MCPOAuthError) -> MCPOAuthClientCredentials {
    if let client = session?.client { return client }
    let client: MCPOAuthClientCredentials
    if let clientID = configuration.clientID {
      client = MCPOAuthClientCredentials(clientID: clientID, clientSecret: configuration.clientSecret)
    } else if metadata.clientIDMetadataDocumentSupported, let document = configuration.clientMetadataURL {
      client = MCPOAuthClientCredentials(clientID: document.absoluteString)
    } else if let endpoint = metadata.registrationEndpoint {
      client = try await register(at: endpoint, issuer: metadata.issuer, scope: scope)
    } else {
      throw .registrationUnavailable(issuer: metadata.issuer)
    }
    var updated = session ?? MCPOAuthSession(issuer: metadata.issuer)
    updated.client = client
    try await save(updated)
    return client
  }

  /// Dynamic client registration (RFC 7591) as a public client.
  private func register(at endpoint: URL, issuer: String, scope: String?) async throws(MCPOAuthError)
    -> MCPOAuthClientCredentials
  {
    let redirect = configuration.browser.redirectURI
    // A loopback or custom-scheme redirect is a native app's (OIDC's application_type, SEP-837).
    let native = OAuthURL.isLoopback(redirect) || !["http", "https"].contains(redirect.scheme?.lowercased() ?? "")
    var body: [String: Any] = [
      "client_name": configuration.clientName,
      "redirect_uris": [redirect.absoluteString],
      "grant_types": ["authorization_code", "refresh_token"],
      "response_types": ["code"],
      "token_endpoint_auth_method": "none",
      "application_type": native ? "native" : "web",
    ]
    if let scope { body["scope"] = scope }
    let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
    let response = try await http.postJSON(
      endpoint, data, summary: "client_name=\(configuration.clientName) redirect_uris=\(redirect.absoluteString)")
    guard (200..<300).contains(response.status), let object = response.object,
      let clientID = object["client_id"] as? String
    else {
      let (error, description) = response.oauthError
      throw .registrationFailed(issuer: issuer, status: response.status, error: error, description: description)
    }
    let secret = (object["client_secret"] as? String).flatMap { $0.isEmpty ? nil : $0 }
    return MCPOAuthClientCredentials(
      clientID: clientID, clientSecret: secret,
      tokenEndpointAuthMethod: object["token_endpoint_auth_method"] as? String)
  }

  /// The authorization code flow through the browser, then the token request.
  private func authorizeInBrowser(_ challenge: BearerChallenge?) async throws(MCPOAuthError) {
    let (resource, metadata) = try await discover(challenge)
    let scope =
      challenge?.scope ?? configuration.scopes?.joined(separator: " ")
      ?? resource.scopesSupported.flatMap { $0.isEmpty ? nil : $0.joined(separator: " ") }
    let client = try await clientCredentials(metadata, scope: scope)
    let pkce = PKCE.random()
    let state = Base64URL.randomToken(bytes: 16)
    let redirect = configuration.browser.redirectURI
    var items: [(String, String)] = [
      ("response_type", "code"), ("client_id", client.clientID), ("redirect_uri", redirect.absoluteString),
      ("code_challenge", pkce.challenge), ("code_challenge_method", pkce.method), ("state", state),
      ("resource", resource.resource),
    ]
    if let scope { items.append(("scope", scope)) }
    guard let url = OAuthURL.appendingQuery(to: metadata.authorizationEndpoint, items) else {
      throw .browserFailed(reason: "the authorization endpoint \(metadata.authorizationEndpoint) is not a valid URL")
    }
    configuration.log("oauth: browser GET \(OAuthHTTP.redacted(url))")
    let answer = try await configuration.browser.authorize(url)
    configuration.log("oauth: redirect \(OAuthHTTP.redacted(answer))")
    let code = try AuthorizationResponse.code(
      from: answer, state: state, issuer: metadata.issuer, issuerRequired: metadata.issParameterSupported)
    let token = try await requestToken(
      [
        ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect.absoluteString),
        ("code_verifier", pkce.verifier), ("resource", resource.resource),
      ], client: client, endpoint: metadata.tokenEndpoint, previous: nil)
    var updated = session ?? MCPOAuthSession(issuer: metadata.issuer)
    updated.token = token
    try await save(updated)
  }

  /// Exchanges the refresh token; `false` when the server refused it (revoked or expired), after forgetting it.
  private func refresh(_ challenge: BearerChallenge?) async throws(MCPOAuthError) -> Bool {
    guard let current = session?.token, let refreshToken = current.refreshToken else { return false }
    let (resource, metadata) = try await discover(challenge)
    guard let client = session?.client else { return false }
    var items: [(String, String)] = [
      ("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("resource", resource.resource),
    ]
    if let scope = current.scope { items.append(("scope", scope)) }
    let token: MCPOAuthToken
    do {
      token = try await requestToken(items, client: client, endpoint: metadata.tokenEndpoint, previous: current)
    } catch .tokenRequestFailed(_, let status, let error, _) where (400..<500).contains(status) {
      configuration.log("oauth: refresh refused (\(error ?? "HTTP \(status)")); signing in again")
      var updated = session ?? MCPOAuthSession(issuer: metadata.issuer)
      updated.token = nil
      try await save(updated)
      return false
    }
    var updated = session ?? MCPOAuthSession(issuer: metadata.issuer)
    updated.token = token
    try await save(updated)
    return true
  }

  /// POSTs a token request with the client's authentication and reads the bearer token.
  private func requestToken(
    _ items: [(String, String)], client: MCPOAuthClientCredentials, endpoint: URL, previous: MCPOAuthToken?
  ) async throws(MCPOAuthError) -> MCPOAuthToken {
    var items = items
    var basic: (String, String)?
    switch (client.tokenEndpointAuthMethod, client.clientSecret) {
    case ("client_secret_basic", let secret?):
      basic = (client.clientID, secret)
    case (_, let secret?):
      items += [("client_id", client.clientID), ("client_secret", secret)]
    case (_, nil):
      items.append(("client_id", client.clientID))
    }
    let requested = configuration.now()
    let response = try await http.postForm(endpoint, items, basic: basic)
    let endpointText = endpoint.absoluteString
    guard response.status == 200 else {
      let (error, description) = response.oauthError
      throw .tokenRequestFailed(endpoint: endpointText, status: response.status, error: error, description: description)
    }
    guard let object = response.object else {
      throw .invalidTokenResponse(endpoint: endpointText, reason: "the body is not a JSON object")
    }
    guard let access = object["access_token"] as? String, !access.isEmpty else {
      throw .invalidTokenResponse(endpoint: endpointText, reason: "no access_token")
    }
    if let type = object["token_type"] as? String, type.lowercased() != "bearer" {
      throw .invalidTokenResponse(endpoint: endpointText, reason: "token_type \(type), not Bearer")
    }
    let lifetime =
      (object["expires_in"] as? Int).map(Double.init) ?? (object["expires_in"] as? Double)
      ?? (object["expires_in"] as? String).flatMap(Double.init)
    return MCPOAuthToken(
      accessToken: access,
      // A server that does not rotate refresh tokens leaves the previous one valid.
      refreshToken: (object["refresh_token"] as? String) ?? previous?.refreshToken,
      expiresAt: lifetime.map { requested.addingTimeInterval($0) },
      scope: (object["scope"] as? String) ?? previous?.scope)
  }
}

import AgentSkill
import Foundation
import Testing

@testable import AgentSkillMCP

/// ``MCPOAuthClient``'s discovery, client identity and checks against a scripted authorization server on loopback:
/// the cases the SDK's server does not produce (another issuer, no PKCE, no registration, OIDC-only metadata).
@Suite("MCPOAuthClient against a scripted authorization server", .timeLimit(.minutes(1)))
struct MCPOAuthClientTests {
  /// What the scripted server publishes.
  struct Script: Sendable {
    var resourcePath = "/.well-known/oauth-protected-resource/mcp"
    var resource: String?
    var issuerPath = ""
    var metadataPath = "/.well-known/oauth-authorization-server"
    var metadataIssuer: String?
    var pkce = #"["S256"]"#
    var registration = false
    var issSupported = true
  }

  private func serve(_ script: Script) throws -> ScriptedHTTPServer {
    try ScriptedHTTPServer { request, origin in
      let issuer = origin + script.issuerPath
      switch (request.method, request.path) {
      case ("GET", script.resourcePath):
        return (
          200,
          #"{"resource":"\#(script.resource ?? origin + "/mcp")","authorization_servers":["\#(issuer)"],"#
            + #""scopes_supported":["read","write"]}"#
        )
      case ("GET", script.metadataPath):
        var metadata =
          #"{"issuer":"\#(script.metadataIssuer ?? issuer)","authorization_endpoint":"\#(origin)/authorize","#
          + #""token_endpoint":"\#(origin)/token","code_challenge_methods_supported":\#(script.pkce),"#
          + #""authorization_response_iss_parameter_supported":\#(script.issSupported)"#
        if script.registration { metadata += #","registration_endpoint":"\#(origin)/register""# }
        return (200, metadata + "}")
      case ("POST", "/register"):
        return (201, #"{"client_id":"registered-1","token_endpoint_auth_method":"none"}"#)
      case ("POST", "/token"):
        return (200, #"{"access_token":"at-1","token_type":"bearer","expires_in":60,"refresh_token":"rt-1"}"#)
      default:
        return (404, #"{"error":"not_found"}"#)
      }
    }
  }

  private func client(
    _ server: ScriptedHTTPServer, clientID: String? = "preconfigured", store: MCPOAuthMemoryTokenStore,
    answer: @escaping @Sendable (_ query: [String: String], _ issuer: String) -> String
  ) throws -> MCPOAuthClient {
    let endpoint = try #require(URL(string: server.origin + "/mcp"))
    let origin = server.origin
    return MCPOAuthClient(
      server: endpoint,
      configuration: MCPOAuthConfiguration(
        clientName: "tests", browser: ScriptedBrowser { query in answer(query, origin) }, store: store,
        clientID: clientID))
  }

  private static func approve(_ query: [String: String], issuer: String) -> String {
    let encoded = issuer.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? issuer
    return "code=c-1&state=\(query["state"] ?? "")&iss=\(encoded)"
  }

  @Test("a pre-configured client id is used without registering; the token request carries the PKCE verifier")
  func preconfiguredClient() async throws {
    let server = try serve(Script())
    let store = MCPOAuthMemoryTokenStore()
    let seen = LockIsolated<[String: String]>([:])
    let oauth = try client(server, store: store) { query, issuer in
      seen.setValue(query)
      return Self.approve(query, issuer: issuer)
    }
    try await oauth.signIn()
    #expect(
      server.paths == [
        "GET /.well-known/oauth-protected-resource/mcp", "GET /.well-known/oauth-authorization-server", "POST /token",
      ])
    #expect(seen.value["client_id"] == "preconfigured")
    #expect(seen.value["scope"] == "read write")
    let verifier = try #require(
      server.requests.value.last?.body.split(separator: "&").first { $0.hasPrefix("code_verifier=") })
    #expect(
      PKCE(verifier: String(verifier.dropFirst("code_verifier=".count))).challenge == seen.value["code_challenge"])
    let session = try #require(try await store.session(for: server.origin + "/mcp"))
    #expect(session.issuer == server.origin)
    #expect(session.token?.accessToken == "at-1")
    #expect(try await oauth.authorizationHeader() == "Bearer at-1")
  }

  @Test("a redirect from another issuer is refused and its code never reaches the token endpoint")
  func issuerMixUp() async throws {
    let server = try serve(Script())
    let oauth = try client(server, store: MCPOAuthMemoryTokenStore()) { query, _ in
      Self.approve(query, issuer: "https://attacker.example")
    }
    await #expect(
      throws: MCPOAuthError.authorizationResponseIssuerMismatch(
        expected: server.origin, received: "https://attacker.example")
    ) { try await oauth.signIn() }
    #expect(!server.paths.contains("POST /token"))
  }

  @Test("metadata naming another issuer is not used")
  func metadataIssuerMismatch() async throws {
    let server = try serve(Script(metadataIssuer: "https://honest.example"))
    let oauth = try client(server, store: MCPOAuthMemoryTokenStore()) { query, issuer in
      Self.approve(query, issuer: issuer)
    }
    await #expect(throws: MCPOAuthError.issuerMismatch(expected: server.origin, found: "https://honest.example")) {
      try await oauth.signIn()
    }
  }

  @Test("an authorization server without S256 is refused; so is one offering no way to get a client id")
  func refusedServers() async throws {
    let noPKCE = try serve(Script(pkce: #"["plain"]"#))
    let first = try client(noPKCE, store: MCPOAuthMemoryTokenStore()) { query, issuer in
      Self.approve(query, issuer: issuer)
    }
    await #expect(throws: MCPOAuthError.pkceUnsupported(issuer: noPKCE.origin)) { try await first.signIn() }
    let noRegistration = try serve(Script())
    let second = try client(noRegistration, clientID: nil, store: MCPOAuthMemoryTokenStore()) { query, issuer in
      Self.approve(query, issuer: issuer)
    }
    await #expect(throws: MCPOAuthError.registrationUnavailable(issuer: noRegistration.origin)) {
      try await second.signIn()
    }
    #expect(MCPOAuthError.registrationUnavailable(issuer: "x").description.contains("MCPOAuthConfiguration.clientID"))
  }

  @Test("dynamic registration when offered; the client id is kept for the issuer")
  func registration() async throws {
    let server = try serve(Script(registration: true))
    let store = MCPOAuthMemoryTokenStore()
    let oauth = try client(server, clientID: nil, store: store) { query, issuer in
      Self.approve(query, issuer: issuer)
    }
    try await oauth.signIn()
    #expect(server.paths.contains("POST /register"))
    let body = try #require(server.requests.value.first { $0.path == "/register" }?.body)
    #expect(body.contains(#""application_type":"native""#) && body.contains(#""token_endpoint_auth_method":"none""#))
    #expect(try await store.session(for: server.origin + "/mcp")?.client?.clientID == "registered-1")
  }

  @Test("metadata for another resource is refused; missing metadata names the URLs tried, path first then root")
  func resourceChecks() async throws {
    let other = try serve(Script(resource: "https://elsewhere.example/mcp"))
    let first = try client(other, store: MCPOAuthMemoryTokenStore()) { query, issuer in
      Self.approve(query, issuer: issuer)
    }
    await #expect(
      throws: MCPOAuthError.resourceMismatch(server: other.origin + "/mcp", advertised: "https://elsewhere.example/mcp")
    ) { try await first.signIn() }
    let none = try serve(Script(resourcePath: "/nowhere"))
    let second = try client(none, store: MCPOAuthMemoryTokenStore()) { query, issuer in
      Self.approve(query, issuer: issuer)
    }
    await #expect(
      throws: MCPOAuthError.resourceMetadataNotFound(
        server: none.origin + "/mcp",
        tried: [
          none.origin + "/.well-known/oauth-protected-resource/mcp",
          none.origin + "/.well-known/oauth-protected-resource",
        ])
    ) { try await second.signIn() }
  }

  @Test("an issuer with a path found through OpenID Connect discovery appended to the path, after the other two")
  func openIDConnectFallback() async throws {
    let server = try serve(Script(issuerPath: "/tenant1", metadataPath: "/tenant1/.well-known/openid-configuration"))
    let oauth = try client(server, store: MCPOAuthMemoryTokenStore()) { query, issuer in
      Self.approve(query, issuer: issuer + "/tenant1")
    }
    try await oauth.signIn()
    #expect(
      Array(server.paths.dropFirst().prefix(3)) == [
        "GET /.well-known/oauth-authorization-server/tenant1", "GET /.well-known/openid-configuration/tenant1",
        "GET /tenant1/.well-known/openid-configuration",
      ])
    #expect(server.paths.last == "POST /token")
  }
}

import AgentSkill
import AgentSkillLLM
import AgentSkillTesting
import Foundation
import Testing

@testable import AgentSkillMCP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Our OAuth client against an authorization server and protected MCP server built with the official Python SDK's
/// `mcp.server.auth` (Fixtures/oauth_server.py, auto-approving), one server process for the whole suite; each test
/// signs in with a store and a browser of its own.
@Suite("MCP OAuth client against the official Python SDK", .serialized, .timeLimit(.minutes(3)))
struct MCPOAuthSDKTests {
  /// One signed-in (or not yet) client with everything a test inspects.
  struct Harness {
    let server: PythonOAuthServer
    let oauth: MCPOAuthClient
    let store: MCPOAuthMemoryTokenStore
    let approvals: LockIsolated<Int>
    let transcript: LockIsolated<[String]>
    let clock: TestClock
    let client: MCPClient

    var token: MCPOAuthToken? {
      get async throws { try await store.session(for: server.url.absoluteString)?.token }
    }

    /// Calls `add` and checks the sum.
    func add(_ a: Int, _ b: Int) async throws {
      let sum = try await client.callTool("add", arguments: ["a": .integer(a), "b": .integer(b)])
      #expect(!sum.isError, "\(sum.text)")
      #expect(sum.structuredContent == ["result": .integer(a + b)])
    }

    /// Every secret of the session so far, to look for in logs.
    func secrets() async throws -> [String] {
      let session = try await store.session(for: server.url.absoluteString)
      return [session?.token?.accessToken, session?.token?.refreshToken, session?.client?.clientSecret]
        .compactMap { $0 }
    }
  }

  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  private func connect(clientMetadataURL: URL? = nil) async throws -> Harness {
    let server = try await PythonOAuthServer.shared()
    let approvals = LockIsolated(0)
    let transcript = LockIsolated<[String]>([])
    let clock = TestClock()
    let store = MCPOAuthMemoryTokenStore()
    let configuration = MCPOAuthConfiguration(
      clientName: "AgentSkill tests", browser: try ApprovingBrowser.make(approvals: approvals), store: store,
      clientMetadataURL: clientMetadataURL,
      now: { Self.start.addingTimeInterval(Double(clock.now.offset.components.seconds)) },
      log: { line in transcript.withValue { $0.append(line) } })
    let oauth = MCPOAuthClient(server: server.url, configuration: configuration)
    let client = try await MCPClient.connect(
      .http(server.url, oauth: oauth),
      options: MCPClient.Options(
        initializeTimeout: .seconds(60), requestTimeout: .seconds(60),
        log: { line in transcript.withValue { $0.append("mcp: " + line) } }))
    return Harness(
      server: server, oauth: oauth, store: store, approvals: approvals, transcript: transcript, clock: clock,
      client: client)
  }

  /// Writes the transcript to the file named by AGENTSKILL_OAUTH_TRANSCRIPT, to quote it.
  private func keep(_ transcript: [String], _ title: String) {
    guard let path = ProcessInfo.processInfo.environment["AGENTSKILL_OAUTH_TRANSCRIPT"] else { return }
    let text = "## \(title)\n" + transcript.joined(separator: "\n") + "\n\n"
    if let handle = FileHandle(forWritingAtPath: path) {
      handle.seekToEndOfFile()
      handle.write(Data(text.utf8))
      try? handle.close()
    } else {
      _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }
  }

  @Test("first connection: 401, discovery, registration, PKCE with resource and state, iss checked, token, retry")
  func firstConnection() async throws {
    let harness = try await connect()
    try await harness.add(2, 3)
    keep(harness.transcript.value, "first connection")
    let issuer = harness.server.issuer.absoluteString
    let resource = harness.server.url.absoluteString
    let challenge = try #require(harness.transcript.value.first)
    #expect(challenge.hasPrefix("mcp: HTTP 401 (WWW-Authenticate: Bearer error=\"invalid_token\""))
    #expect(challenge.contains("resource_metadata=\"\(issuer)/.well-known/oauth-protected-resource/mcp\""))
    let lines = harness.transcript.value.filter { $0.hasPrefix("oauth: ") }
    #expect(lines.count == 6, "\(lines.joined(separator: "\n"))")
    #expect(lines.first == "oauth: GET \(issuer)/.well-known/oauth-protected-resource/mcp → 200")
    #expect(lines.dropFirst().first == "oauth: GET \(issuer)/.well-known/oauth-authorization-server → 200")
    #expect(lines.contains { $0.hasPrefix("oauth: POST \(issuer)/register client_name=AgentSkill tests") })
    let browser = try #require(lines.first { $0.hasPrefix("oauth: browser GET \(issuer)/authorize?") })
    let query = try #require(URLComponents(string: String(browser.dropFirst("oauth: browser GET ".count))))
    let items = Dictionary((query.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { first, _ in first }
    #expect(items["response_type"] == "code")
    #expect(items["code_challenge_method"] == "S256")
    #expect(items["code_challenge"]?.count == 43)
    #expect(items["resource"] == resource)
    #expect(items["scope"] == "mcp")
    #expect((items["state"] ?? "").count >= 16)
    #expect(items["redirect_uri"]?.hasPrefix("http://127.0.0.1:") == true)
    let redirect = try #require(lines.first { $0.hasPrefix("oauth: redirect ") })
    #expect(redirect.contains("code=%5BREDACTED%5D") || redirect.contains("code=[REDACTED]"))
    let redirectQuery = URLComponents(string: String(redirect.dropFirst("oauth: redirect ".count)))?.queryItems ?? []
    #expect(redirectQuery.first { $0.name == "iss" }?.value == issuer)
    #expect(redirect.hasPrefix("oauth: redirect " + (items["redirect_uri"] ?? "-")))
    let exchange = try #require(lines.last)
    #expect(exchange.hasPrefix("oauth: POST \(issuer)/token grant_type=authorization_code code=[REDACTED]"))
    #expect(exchange.contains("code_verifier=[REDACTED]") && exchange.contains("resource=\(resource)"))
    #expect(exchange.hasSuffix("→ 200"))
    #expect(harness.approvals.value == 1)
    let token = try #require(try await harness.token)
    #expect(token.refreshToken != nil)
    #expect(token.expiresAt == Self.start.addingTimeInterval(3600))
    // The first request went without a token and was refused; it was sent once more with one.
    let mcp = harness.server.log.value.filter { $0.hasPrefix("http: POST /mcp") }
    #expect(mcp.first == "http: POST /mcp auth=no")
    #expect(mcp.dropFirst().allSatisfy { $0 == "http: POST /mcp auth=yes" })
    try await bounded("close") { await harness.client.close() }
  }

  @Test("a token is refreshed shortly before it expires (TestClock), not earlier, and the browser is not opened")
  func refreshBeforeExpiry() async throws {
    let harness = try await connect()
    let first = try #require(try await harness.token)
    await harness.clock.advance(by: .seconds(3600 - 120))
    try await harness.add(1, 1)
    #expect(try await harness.token == first)
    await harness.clock.advance(by: .seconds(61))  // 59 s left, within the 60 s tolerance
    try await harness.add(1, 2)
    let refreshed = try #require(try await harness.token)
    #expect(refreshed.accessToken != first.accessToken)
    #expect(refreshed.refreshToken != first.refreshToken)  // the fixture rotates refresh tokens
    #expect(refreshed.expiresAt == Self.start.addingTimeInterval(3600 - 59 + 3600))
    let refreshes = harness.transcript.value.filter { $0.contains("grant_type=refresh_token") }
    keep(harness.transcript.value, "refresh before expiry")
    #expect(refreshes.count == 1)
    #expect(refreshes.first?.contains("refresh_token=[REDACTED]") == true)
    #expect(refreshes.first?.hasSuffix("→ 200") == true)
    #expect(harness.approvals.value == 1)
    try await bounded("close") { await harness.client.close() }
  }

  @Test("a refused access token is refreshed on the 401 and the request sent once more")
  func refreshOnUnauthorized() async throws {
    let harness = try await connect()
    let first = try #require(try await harness.token)
    #expect(try await harness.server.post("test/expire-access-tokens") == 200)
    try await harness.add(4, 5)
    let refreshed = try #require(try await harness.token)
    #expect(refreshed.accessToken != first.accessToken)
    #expect(harness.transcript.value.filter { $0.contains("grant_type=refresh_token") }.count == 1)
    #expect(harness.approvals.value == 1)
    try await bounded("close") { await harness.client.close() }
  }

  @Test("concurrent requests refused at once share one refresh")
  func concurrentRefresh() async throws {
    let harness = try await connect()
    #expect(try await harness.server.post("test/expire-access-tokens") == 200)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<4 { group.addTask { try await harness.add(index, 10) } }
      try await group.waitForAll()
    }
    #expect(harness.transcript.value.filter { $0.contains("grant_type=refresh_token") }.count == 1)
    #expect(harness.approvals.value == 1)
    try await bounded("close") { await harness.client.close() }
  }

  @Test("a revoked grant: the refresh is refused, the browser step runs again, and the request succeeds")
  func revokedToken() async throws {
    let harness = try await connect()
    let signedIn = harness.transcript.value.count
    let session = try #require(try await harness.store.session(for: harness.server.url.absoluteString))
    let refreshToken = try #require(session.token?.refreshToken)
    let clientID = try #require(session.client?.clientID)
    // RFC 7009 revocation at the SDK's /revoke: the grant's access and refresh tokens both stop working.
    // (The SDK's revocation request model wants a client_secret field, empty for a public client.)
    let revoked = try await harness.server.post(
      "revoke",
      form: [
        ("token", refreshToken), ("token_type_hint", "refresh_token"), ("client_id", clientID), ("client_secret", ""),
      ])
    #expect(revoked == 200, "\(harness.server.log.value.suffix(5))")
    try await harness.add(6, 7)
    let lines = harness.transcript.value
    keep(Array(lines.dropFirst(signedIn)), "revoked grant")
    #expect(lines.dropFirst(signedIn).contains { $0.hasPrefix("mcp: HTTP 401 (WWW-Authenticate: Bearer") })
    #expect(!lines.contains { $0.contains("refused its event stream") })
    let refused = try #require(lines.firstIndex { $0.contains("grant_type=refresh_token") })
    #expect(lines[refused].hasSuffix("→ 400"))
    #expect(lines[refused + 1].hasPrefix("oauth: refresh refused (invalid_grant)"))
    #expect(lines[(refused + 1)...].contains { $0.contains("grant_type=authorization_code") && $0.hasSuffix("→ 200") })
    // Registered once: the client credentials outlive the revoked grant.
    #expect(lines.filter { $0.contains("/register") }.count == 1)
    #expect(harness.approvals.value == 2)
    #expect(try await harness.token?.refreshToken != refreshToken)
    try await bounded("close") { await harness.client.close() }
  }

  @Test("a 403 insufficient_scope signs in again for the scopes (step-up) and the request is sent once more")
  func stepUp() async throws {
    let server = try await PythonOAuthServer.shared()
    // The first grant carries no scope: the server refuses its token with 403 insufficient_scope.
    #expect(try await server.post("test/next-grant-without-scopes") == 200)
    let harness = try await connect()
    try await harness.add(20, 22)
    let lines = harness.transcript.value
    keep(lines.filter { !$0.contains("/.well-known/") }, "step-up")
    #expect(lines.contains { $0.hasPrefix("mcp: HTTP 403 (WWW-Authenticate: Bearer error=\"insufficient_scope\"") })
    #expect(harness.approvals.value == 2)
    #expect(lines.filter { $0.contains("grant_type=authorization_code") }.count == 2)
    #expect(try await harness.token?.scope == "mcp")
    try await bounded("close") { await harness.client.close() }
  }

  @Test("with a client-ID metadata document, the server fetches it and nothing is registered")
  func clientMetadataDocument() async throws {
    let browserApprovals = LockIsolated(0)
    let browser = try ApprovingBrowser.make(approvals: browserApprovals)
    // The document, served on a loopback port of our own (the fixture accepts http on loopback for tests).
    let documentURL = LockIsolated<String>("")
    let listener = try LoopbackListener(port: 0) { handle in
      let connection = HTTPConnection(handle)
      Task {
        defer { connection.close() }
        guard (try? await connection.requests().first(where: { _ in true })) != nil else { return }
        let document: JSONValue = [
          "client_id": .string(documentURL.value), "client_name": "AgentSkill tests",
          "redirect_uris": [.string(browser.redirectURI.absoluteString)],
          "grant_types": ["authorization_code", "refresh_token"], "response_types": ["code"],
          "token_endpoint_auth_method": "none",
        ]
        connection.respond(status: 200, body: document.rendered())
      }
    }
    defer { listener.stop() }
    documentURL.setValue("http://127.0.0.1:\(listener.port)/client.json")
    let server = try await PythonOAuthServer.shared()
    let transcript = LockIsolated<[String]>([])
    let oauth = MCPOAuthClient(
      server: server.url,
      configuration: MCPOAuthConfiguration(
        clientName: "AgentSkill tests", browser: browser, store: MCPOAuthMemoryTokenStore(),
        clientMetadataURL: URL(string: documentURL.value), log: { line in transcript.withValue { $0.append(line) } }))
    let client = try await MCPClient.connect(
      .http(server.url, oauth: oauth),
      options: MCPClient.Options(initializeTimeout: .seconds(60), requestTimeout: .seconds(60)))
    let sum = try await client.callTool("add", arguments: ["a": 1, "b": 1])
    #expect(sum.structuredContent == ["result": 2])
    let lines = transcript.value
    keep(lines, "client-ID metadata document")
    #expect(!lines.contains { $0.contains("/register") })
    let browserLine = try #require(lines.first { $0.hasPrefix("oauth: browser GET ") })
    let query = URLComponents(string: String(browserLine.dropFirst("oauth: browser GET ".count)))?.queryItems ?? []
    #expect(query.first { $0.name == "client_id" }?.value == documentURL.value)
    #expect(server.log.value.contains("cimd: fetched \(documentURL.value)"))
    try await bounded("close") { await client.close() }
  }

  @Test("tokens never appear in the OAuth log, the client's log, errors or descriptions")
  func tokensStayOutOfLogs() async throws {
    let harness = try await connect()
    try await harness.server.post("test/expire-access-tokens")
    try await harness.add(1, 2)  // refreshed on the 401
    let secrets = try await harness.secrets()
    #expect(secrets.count >= 2)
    let token = try #require(try await harness.token)
    var dumped = ""
    dump(token, to: &dumped)
    let session = try #require(try await harness.store.session(for: harness.server.url.absoluteString))
    let texts =
      harness.transcript.value + [
        "\(token)", String(reflecting: token), dumped, "\(session.client.map { "\($0)" } ?? "")",
        MCPOAuthError.tokenRequestFailed(endpoint: "e", status: 400, error: "invalid_grant", description: nil)
          .description,
      ]
    for secret in secrets {
      #expect(!texts.contains { $0.contains(secret) }, "a secret reached a log line")
    }
    try await bounded("close") { await harness.client.close() }
  }
}

import AgentSkillMCP
import AgentSkillTesting
import Foundation
import Testing

@Suite("OAuth tokens: expiry on a test clock, redaction, the memory store", .timeLimit(.minutes(1)))
struct MCPOAuthTokenTests {
  @Test("a token counts as expiring once within the tolerance of its expiry, on a TestClock")
  func expiry() async {
    let clock = TestClock()
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let now = { start.addingTimeInterval(Double(clock.now.offset.components.seconds)) }
    let token = MCPOAuthToken(accessToken: "a", refreshToken: "r", expiresAt: now().addingTimeInterval(3600))
    #expect(!token.expires(within: .seconds(60), of: now()))
    await clock.advance(by: .seconds(3539))
    #expect(!token.expires(within: .seconds(60), of: now()))
    await clock.advance(by: .seconds(1))
    #expect(token.expires(within: .seconds(60), of: now()))
    #expect(!token.expires(within: .zero, of: now()))
    await clock.advance(by: .seconds(60))
    #expect(token.expires(within: .zero, of: now()))
    #expect(!MCPOAuthToken(accessToken: "a").expires(within: .seconds(60), of: now()))
  }

  @Test("descriptions, debug descriptions and dumps show no secret")
  func redaction() {
    let token = MCPOAuthToken(accessToken: "at-secret-1", refreshToken: "rt-secret-2", scope: "mcp")
    let client = MCPOAuthClientCredentials(clientID: "client-1", clientSecret: "cs-secret-3")
    let session = MCPOAuthSession(issuer: "https://a", client: client, token: token)
    var dumped = ""
    dump(token, to: &dumped)
    var dumpedSession = ""
    dump(session, to: &dumpedSession)
    let texts = [
      "\(token)", String(reflecting: token), dumped, "\(client)", "\([token])", "\(session)",
      String(reflecting: session),
      dumpedSession,
    ]
    for secret in ["at-secret-1", "rt-secret-2", "cs-secret-3"] {
      #expect(!texts.contains { $0.contains(secret) })
    }
    #expect("\(client)".contains("client-1"))
  }

  @Test("the memory store keeps sessions per server and forgets on nil")
  func memoryStore() async throws {
    let store = MCPOAuthMemoryTokenStore()
    let session = MCPOAuthSession(
      issuer: "https://a", client: MCPOAuthClientCredentials(clientID: "c"), token: MCPOAuthToken(accessToken: "t"))
    try await store.setSession(session, for: "https://one/mcp")
    #expect(try await store.session(for: "https://one/mcp") == session)
    #expect(try await store.session(for: "https://two/mcp") == nil)
    try await store.setSession(nil, for: "https://one/mcp")
    #expect(try await store.session(for: "https://one/mcp") == nil)
    #expect(MCPOAuthClientCredentials(clientID: "c", clientSecret: "s").tokenEndpointAuthMethod == "client_secret_post")
    #expect(MCPOAuthClientCredentials(clientID: "c").tokenEndpointAuthMethod == "none")
  }
}

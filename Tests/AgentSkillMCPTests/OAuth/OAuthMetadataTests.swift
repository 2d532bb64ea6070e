import Foundation
import Testing

@testable import AgentSkillMCP

@Suite("OAuth discovery: challenges and metadata", .timeLimit(.minutes(1)))
struct OAuthMetadataTests {
  @Test("a Bearer challenge's resource_metadata, scope and error are read, quoted or not, among other schemes")
  func challenge() throws {
    let header =
      #"Basic realm="x", Bearer error="invalid_token", error_description="Authentication \"required\"", "#
      + #"resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp", scope=files:read"#
    let challenge = try #require(BearerChallenge(header: header))
    #expect(
      challenge.resourceMetadata?.absoluteString == "https://mcp.example.com/.well-known/oauth-protected-resource/mcp")
    #expect(challenge.scope == "files:read")
    #expect(challenge.error == "invalid_token")
    #expect(challenge.errorDescription == #"Authentication "required""#)
    #expect(BearerChallenge(header: #"Basic realm="x""#) == nil)
    #expect(BearerChallenge(header: "bearer")?.resourceMetadata == nil)
    #expect(BearerChallenge(header: #"Bearer scope="a b", realm="r""#)?.scope == "a b")
  }

  @Test("protected-resource metadata: parsed, and covers only its own origin and path")
  func protectedResource() throws {
    let json =
      #"{"resource":"https://mcp.example.com/mcp","authorization_servers":["https://auth.example.com"],"#
      + #""scopes_supported":["read"],"bearer_methods_supported":["header"]}"#
    let metadata = try JSONDecoder().decode(ProtectedResourceMetadata.self, from: Data(json.utf8))
    #expect(metadata.authorizationServers == ["https://auth.example.com"])
    #expect(metadata.scopesSupported == ["read"])
    #expect(metadata.covers(try #require(URL(string: "https://mcp.example.com/mcp"))))
    #expect(metadata.covers(try #require(URL(string: "https://MCP.example.com/mcp/sub"))))
    #expect(!metadata.covers(try #require(URL(string: "https://mcp.example.com/mcpx"))))
    #expect(!metadata.covers(try #require(URL(string: "https://evil.example.com/mcp"))))
    #expect(!metadata.covers(try #require(URL(string: "http://mcp.example.com/mcp"))))
    let root = ProtectedResourceMetadata(resource: "https://mcp.example.com", authorizationServers: [])
    #expect(root.covers(try #require(URL(string: "https://mcp.example.com/any/path"))))
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ProtectedResourceMetadata.self, from: Data(#"{"authorization_servers":[]}"#.utf8))
    }
  }

  @Test("well-known URLs: the endpoint's path first, then the root; RFC 8414 then OIDC, path inserted then appended")
  func wellKnownOrder() throws {
    let server = try #require(URL(string: "https://mcp.example.com/public/mcp?x=1"))
    #expect(
      ProtectedResourceMetadata.wellKnownURLs(for: server).map(\.absoluteString) == [
        "https://mcp.example.com/.well-known/oauth-protected-resource/public/mcp",
        "https://mcp.example.com/.well-known/oauth-protected-resource",
      ])
    let tenant = try #require(URL(string: "https://auth.example.com/tenant1"))
    #expect(
      AuthorizationServerMetadata.wellKnownURLs(for: tenant).map(\.absoluteString) == [
        "https://auth.example.com/.well-known/oauth-authorization-server/tenant1",
        "https://auth.example.com/.well-known/openid-configuration/tenant1",
        "https://auth.example.com/tenant1/.well-known/openid-configuration",
      ])
    let bare = try #require(URL(string: "https://auth.example.com"))
    #expect(
      AuthorizationServerMetadata.wellKnownURLs(for: bare).map(\.absoluteString) == [
        "https://auth.example.com/.well-known/oauth-authorization-server",
        "https://auth.example.com/.well-known/openid-configuration",
      ])
  }

  @Test("authorization-server metadata: endpoints, PKCE, iss and client-ID document support")
  func authorizationServer() throws {
    let json =
      #"{"issuer":"https://auth.example.com","authorization_endpoint":"https://auth.example.com/authorize","#
      + #""token_endpoint":"https://auth.example.com/token","registration_endpoint":"https://auth.example.com/reg","#
      + #""code_challenge_methods_supported":["plain","S256"],"#
      + #""authorization_response_iss_parameter_supported":true,"client_id_metadata_document_supported":true}"#
    let metadata = try JSONDecoder().decode(AuthorizationServerMetadata.self, from: Data(json.utf8))
    #expect(metadata.issuer == "https://auth.example.com")
    #expect(metadata.tokenEndpoint.absoluteString == "https://auth.example.com/token")
    #expect(metadata.registrationEndpoint?.absoluteString == "https://auth.example.com/reg")
    #expect(metadata.supportsS256 && metadata.issParameterSupported && metadata.clientIDMetadataDocumentSupported)
    let minimal =
      #"{"issuer":"https://a","authorization_endpoint":"https://a/authorize","token_endpoint":"https://a/t"}"#
    let plain = try JSONDecoder().decode(AuthorizationServerMetadata.self, from: Data(minimal.utf8))
    #expect(!plain.supportsS256 && !plain.issParameterSupported && !plain.clientIDMetadataDocumentSupported)
    #expect(plain.registrationEndpoint == nil)
  }
}

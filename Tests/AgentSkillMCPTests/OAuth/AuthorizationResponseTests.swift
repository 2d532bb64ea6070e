import Foundation
import Testing

@testable import AgentSkillMCP

@Suite("Authorization response: iss (RFC 9207), state, errors", .timeLimit(.minutes(1)))
struct AuthorizationResponseTests {
  private let issuer = "https://auth.example.com"

  private func code(_ query: String, issuerRequired: Bool) throws(MCPOAuthError) -> String {
    let url = URL(string: "http://127.0.0.1:5000/callback?" + query) ?? URL(fileURLWithPath: "/")
    return try AuthorizationResponse.code(from: url, state: "s1", issuer: issuer, issuerRequired: issuerRequired)
  }

  @Test("supported and present: compared exactly after form decoding")
  func supportedPresent() throws {
    #expect(try code("code=c1&state=s1&iss=https%3A%2F%2Fauth.example.com", issuerRequired: true) == "c1")
    #expect(
      throws: MCPOAuthError.authorizationResponseIssuerMismatch(expected: issuer, received: "https://auth.example.com/")
    ) {
      try code("code=c1&state=s1&iss=https%3A%2F%2Fauth.example.com%2F", issuerRequired: true)
    }
    #expect(
      throws: MCPOAuthError.authorizationResponseIssuerMismatch(expected: issuer, received: "https://AUTH.example.com")
    ) {
      try code("code=c1&state=s1&iss=https://AUTH.example.com", issuerRequired: true)
    }
  }

  @Test("supported and absent: refused")
  func supportedAbsent() {
    #expect(throws: MCPOAuthError.authorizationResponseIssuerMismatch(expected: issuer, received: nil)) {
      try code("code=c1&state=s1", issuerRequired: true)
    }
  }

  @Test("not advertised: a present iss is still compared; an absent one is fine")
  func notAdvertised() throws {
    #expect(try code("code=c1&state=s1", issuerRequired: false) == "c1")
    #expect(
      throws: MCPOAuthError.authorizationResponseIssuerMismatch(expected: issuer, received: "https://evil.example")
    ) {
      try code("code=c1&state=s1&iss=https://evil.example", issuerRequired: false)
    }
  }

  @Test("an error from the wrong issuer is not acted on; from the right one it is reported")
  func errors() {
    #expect(
      throws: MCPOAuthError.authorizationResponseIssuerMismatch(expected: issuer, received: "https://evil.example")
    ) {
      try code("error=access_denied&state=s1&iss=https://evil.example", issuerRequired: true)
    }
    #expect(throws: MCPOAuthError.authorizationDenied(error: "access_denied", description: "no")) {
      try code("error=access_denied&error_description=no&state=s1&iss=https://auth.example.com", issuerRequired: true)
    }
  }

  @Test("a different or missing state, or no code, is refused")
  func stateAndCode() {
    #expect(throws: MCPOAuthError.stateMismatch) { try code("code=c1&state=other", issuerRequired: false) }
    #expect(throws: MCPOAuthError.stateMismatch) { try code("code=c1", issuerRequired: false) }
    #expect(throws: MCPOAuthError.missingAuthorizationCode) { try code("state=s1", issuerRequired: false) }
  }
}

import Foundation
import Testing

@testable import AgentSkillMCP

@Suite("PKCE and SHA-256", .timeLimit(.minutes(1)))
struct PKCETests {
  private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

  @Test("SHA-256 matches FIPS 180-4's examples, across block boundaries")
  func sha256() {
    #expect(hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      hex(SHA256.hash([UInt8](repeating: 0x61, count: 1000)))
        == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
  }

  @Test("the S256 challenge of RFC 7636's example verifier is the RFC's")
  func rfcExample() {
    let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
    #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    #expect(pkce.method == "S256")
  }

  @Test("random verifiers are 43 unreserved characters and differ each time")
  func randomVerifiers() {
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    let pairs = (0..<20).map { _ in PKCE.random() }
    #expect(Set(pairs.map(\.verifier)).count == 20)
    for pair in pairs {
      #expect(pair.verifier.count == 43)
      #expect(pair.verifier.allSatisfy { allowed.contains($0) })
      #expect(pair.challenge == PKCE(verifier: pair.verifier).challenge)
      #expect(!pair.challenge.contains("=") && !pair.challenge.contains("+") && !pair.challenge.contains("/"))
    }
  }
}

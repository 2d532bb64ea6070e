import Foundation

/// Proof Key for Code Exchange (RFC 7636) with the S256 method, the only one MCP allows.
struct PKCE: Sendable, Equatable {
  /// The secret sent with the token request: 43–128 characters of `[A-Za-z0-9-._~]`.
  let verifier: String
  /// `BASE64URL(SHA256(verifier))`, sent with the authorization request.
  let challenge: String
  /// Always `S256`.
  let method = "S256"

  /// A pair from `verifier`.
  init(verifier: String) {
    self.verifier = verifier
    challenge = Base64URL.encode(SHA256.hash(Array(verifier.utf8)))
  }

  /// A fresh pair whose verifier is 32 random bytes, base64url-encoded (43 characters).
  static func random() -> PKCE {
    PKCE(verifier: Base64URL.randomToken(bytes: 32))
  }
}

/// Base64 with the URL alphabet and no padding (RFC 4648 §5), as PKCE and `state` use it.
enum Base64URL {
  /// `bytes` encoded.
  static func encode(_ bytes: [UInt8]) -> String {
    var text = Data(bytes).base64EncodedString()
    text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    while text.hasSuffix("=") { text.removeLast() }
    return text
  }

  /// `bytes` random bytes from the system's generator, encoded.
  static func randomToken(bytes count: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    return encode((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
  }
}

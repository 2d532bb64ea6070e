import Foundation

/// OAuth 2.0 Protected Resource Metadata (RFC 9728): what an MCP server says about itself as a resource server —
/// its canonical identifier and the authorization servers that issue tokens for it.
struct ProtectedResourceMetadata: Sendable, Equatable, Decodable {
  /// `resource`: the resource identifier, sent as the `resource` parameter (RFC 8707).
  var resource: String
  /// `authorization_servers`: issuer identifiers.
  var authorizationServers: [String]
  /// `scopes_supported`: the scopes a client asks for when the challenge names none.
  var scopesSupported: [String]?

  private enum CodingKeys: String, CodingKey {
    case resource
    case authorizationServers = "authorization_servers"
    case scopesSupported = "scopes_supported"
  }

  init(resource: String, authorizationServers: [String], scopesSupported: [String]? = nil) {
    self.resource = resource
    self.authorizationServers = authorizationServers
    self.scopesSupported = scopesSupported
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    resource = try container.decode(String.self, forKey: .resource)
    authorizationServers = try container.decodeIfPresent([String].self, forKey: .authorizationServers) ?? []
    scopesSupported = try container.decodeIfPresent([String].self, forKey: .scopesSupported)
  }

  /// Where to look for the metadata of the MCP endpoint `server` when no challenge names it (RFC 9728 §3.1, in
  /// MCP's order): at the endpoint's path under the well-known prefix, then at the root.
  static func wellKnownURLs(for server: URL) -> [URL] {
    let path = server.path
    var urls: [URL] = []
    if !path.isEmpty, path != "/" {
      urls +=
        OAuthURL.replacingPath(of: server, with: "/.well-known/oauth-protected-resource" + path).map { [$0] } ?? []
    }
    urls += OAuthURL.replacingPath(of: server, with: "/.well-known/oauth-protected-resource").map { [$0] } ?? []
    return urls
  }

  /// Whether this metadata may speak for the MCP endpoint `server`: the same origin, and the endpoint's path at or
  /// under the resource's path (a resource identifier names the server, a prefix of the endpoint).
  func covers(_ server: URL) -> Bool {
    guard let identifier = URL(string: resource), OAuthURL.origin(of: identifier) == OAuthURL.origin(of: server)
    else { return false }
    let base = identifier.path.hasSuffix("/") ? String(identifier.path.dropLast()) : identifier.path
    return base.isEmpty || server.path == base || server.path.hasPrefix(base + "/")
  }
}

/// URL helpers for OAuth discovery.
enum OAuthURL {
  /// `scheme://host[:port]`, lowercased, for comparing origins.
  static func origin(of url: URL) -> String {
    let scheme = (url.scheme ?? "").lowercased()
    let host = (url.host ?? "").lowercased()
    return url.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
  }

  /// `url` with its path replaced by `path` and no query or fragment.
  static func replacingPath(of url: URL, with path: String) -> URL? {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
    components.percentEncodedPath = path
    components.query = nil
    components.fragment = nil
    return components.url
  }

  /// `url` with `items` appended to its query, each value percent-encoded as a form value.
  static func appendingQuery(to url: URL, _ items: [(String, String)]) -> URL? {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
    let encoded = items.map { "\(FormEncoding.escape($0.0))=\(FormEncoding.escape($0.1))" }.joined(separator: "&")
    if let existing = components.percentEncodedQuery, !existing.isEmpty {
      components.percentEncodedQuery = existing + "&" + encoded
    } else {
      components.percentEncodedQuery = encoded
    }
    return components.url
  }

  /// Whether `url` is on this machine (`localhost`, `127.0.0.1`, `::1`), where plain HTTP is allowed.
  static func isLoopback(_ url: URL) -> Bool {
    ["localhost", "127.0.0.1", "::1", "[::1]"].contains((url.host ?? "").lowercased())
  }
}

/// `application/x-www-form-urlencoded` bodies.
enum FormEncoding {
  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

  /// `value` percent-encoded, everything but the unreserved characters escaped.
  static func escape(_ value: String) -> String {
    value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
  }

  /// `name=value&…`.
  static func encode(_ items: [(String, String)]) -> Data {
    Data(items.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&").utf8)
  }
}

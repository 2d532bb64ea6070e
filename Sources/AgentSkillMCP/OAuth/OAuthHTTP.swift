import AgentSkill
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The HTTP exchanges of OAuth discovery, registration and token requests, each logged as one line with every
/// secret (codes, verifiers, tokens, client secrets) redacted.
struct OAuthHTTP: Sendable {
  /// Form and query parameters whose values are secrets.
  static let secretNames: Set<String> = [
    "code", "code_verifier", "refresh_token", "access_token", "client_secret", "token", "id_token", "assertion",
  ]

  let session: URLSession
  let log: @Sendable (String) -> Void

  /// A response: the status, the body, and the body as a JSON object when it is one.
  struct Response: Sendable {
    let status: Int
    let body: Data
    var object: [String: Any]? {
      (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
    /// `error` and `error_description` of an OAuth error body.
    var oauthError: (error: String?, description: String?) {
      (object?["error"] as? String, object?["error_description"] as? String)
    }
  }

  /// GET `url`, accepting JSON.
  func get(_ url: URL) async throws(MCPOAuthError) -> Response {
    var request = URLRequest(url: url)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    return try await exchange(request, summary: "GET \(url.absoluteString)")
  }

  /// POST `items` as a form to `url`, with HTTP Basic client authentication when `basic` is given.
  func postForm(_ url: URL, _ items: [(String, String)], basic: (String, String)? = nil)
    async throws(MCPOAuthError) -> Response
  {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.httpBody = FormEncoding.encode(items)
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let (user, password) = basic {
      let credentials = FormEncoding.escape(user) + ":" + FormEncoding.escape(password)
      request.setValue("Basic " + Data(credentials.utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
    }
    let shown = items.map { "\($0.0)=\(Self.secretNames.contains($0.0) ? SecretRedactor.placeholder : $0.1)" }
    let summary =
      "POST \(url.absoluteString) " + shown.joined(separator: " ") + (basic == nil ? "" : " (client_secret_basic)")
    return try await exchange(request, summary: summary)
  }

  /// POST `body` as JSON to `url`.
  func postJSON(_ url: URL, _ body: Data, summary detail: String) async throws(MCPOAuthError) -> Response {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.httpBody = body
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    return try await exchange(request, summary: "POST \(url.absoluteString) \(detail)")
  }

  /// `url` with the values of secret query parameters redacted, for logs.
  static func redacted(_ url: URL) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), let items = components.queryItems
    else { return url.absoluteString }
    components.queryItems = items.map { item in
      secretNames.contains(item.name) ? URLQueryItem(name: item.name, value: SecretRedactor.placeholder) : item
    }
    return components.url?.absoluteString ?? url.absoluteString
  }

  private func exchange(_ request: URLRequest, summary: String) async throws(MCPOAuthError) -> Response {
    var request = request
    request.timeoutInterval = 30
    let url = request.url?.absoluteString ?? "?"
    do {
      let (data, response) = try await session.data(for: request)
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      log(SecretRedactor.redact("oauth: \(summary) → \(status)"))
      return Response(status: status, body: data)
    } catch {
      log(SecretRedactor.redact("oauth: \(summary) → failed"))
      throw .networkFailed(url: url, reason: error.localizedDescription)
    }
  }
}

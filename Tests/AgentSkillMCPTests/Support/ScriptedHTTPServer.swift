import AgentSkill
import Foundation

@testable import AgentSkillMCP

/// A loopback HTTP server answering each request from a closure, recording "METHOD PATH BODY" per request, for
/// OAuth tests that need metadata or endpoints the SDK's server does not produce.
final class ScriptedHTTPServer: Sendable {
  /// What the closure sees.
  struct Request: Sendable {
    let method: String
    let path: String
    let body: String
  }

  /// `http://127.0.0.1:PORT`.
  let origin: String
  /// Every request so far.
  let requests = LockIsolated<[Request]>([])
  private let listener: LoopbackListener

  /// Listens on a free port; `answer` gets the request and the origin, and returns the status and JSON body.
  init(_ answer: @escaping @Sendable (Request, String) -> (Int, String)) throws {
    let requests = requests
    let origin = LockIsolated("")
    listener = try LoopbackListener(port: 0) { handle in
      let connection = HTTPConnection(handle)
      Task {
        defer { connection.close() }
        do {
          for try await request in connection.requests() {
            let seen = Request(
              method: request.method, path: request.path, body: String(decoding: request.body, as: UTF8.self))
            requests.withValue { $0.append(seen) }
            let (status, body) = answer(seen, origin.value)
            connection.respond(status: status, headers: ["Connection": "close"], body: body)
            return
          }
        } catch {
          return
        }
      }
    }
    self.origin = "http://127.0.0.1:\(listener.port)"
    origin.setValue(self.origin)
  }

  deinit {
    listener.stop()
  }

  /// The paths requested, in order.
  var paths: [String] { requests.value.map { "\($0.method) \($0.path)" } }
}

/// A browser step answered by a closure from the authorization URL's query items, without a network.
struct ScriptedBrowser: MCPOAuthBrowser {
  let redirectURI = URL(string: "http://127.0.0.1:1/callback") ?? URL(fileURLWithPath: "/")
  let answer: @Sendable ([String: String]) -> String

  init(answer: @escaping @Sendable ([String: String]) -> String) {
    self.answer = answer
  }

  func authorize(_ url: URL) async throws(MCPOAuthError) -> URL {
    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    let query = Dictionary(items.map { ($0.name, $0.value ?? "") }) { first, _ in first }
    guard let redirect = URL(string: "http://127.0.0.1:1/callback?" + answer(query)) else {
      throw .browserFailed(reason: "bad scripted redirect")
    }
    return redirect
  }
}

import AgentSkill
import Foundation

#if os(macOS) || os(Linux)
  /// The browser step for command-line tools (RFC 8252 §7.3): listens on a 127.0.0.1 port, hands the sign-in URL
  /// to `open` (print it, or open it in the user's browser), and waits for the authorization server to redirect
  /// the browser to `http://127.0.0.1:PORT/callback`.
  ///
  /// The port is taken when the browser is made, so the redirect URI is known before the client registers.
  ///
  /// ```swift
  /// let browser = try MCPOAuthLoopbackBrowser { url in print("Open this URL to sign in: \(url)") }
  /// print(browser.redirectURI)  // http://127.0.0.1:53123/callback
  /// ```
  public final class MCPOAuthLoopbackBrowser: MCPOAuthBrowser {
    /// `http://127.0.0.1:PORT/callback`.
    public let redirectURI: URL
    private let listener: LoopbackListener
    private let open: @Sendable (URL) async -> Void
    private let timeout: Duration
    private let redirects: AsyncStream<URL>

    /// Listens on `port` (0 picks a free one).
    ///
    /// - Parameters:
    ///   - port: The loopback port; 0 picks a free one.
    ///   - timeout: How long ``authorize(_:)`` waits for the redirect. Defaults to 5 minutes.
    ///   - open: Shows the sign-in URL to the user.
    /// - Throws: ``MCPOAuthError/browserFailed(reason:)`` when the port cannot be opened.
    public init(
      port: Int = 0, timeout: Duration = .seconds(300), open: @escaping @Sendable (URL) async -> Void
    ) throws(MCPOAuthError) {
      let (redirects, continuation) = AsyncStream.makeStream(of: URL.self, bufferingPolicy: .bufferingNewest(4))
      let origin = LockIsolated("http://127.0.0.1")
      do {
        listener = try LoopbackListener(port: port) { handle in
          Self.serve(HTTPConnection(handle), origin: origin.value, into: continuation)
        }
      } catch {
        throw .browserFailed(reason: "no loopback port for the redirect: \(error.reason)")
      }
      guard let uri = URL(string: "http://127.0.0.1:\(listener.port)/callback") else {
        listener.stop()
        throw .browserFailed(reason: "no redirect URI")
      }
      origin.setValue("http://127.0.0.1:\(listener.port)")
      redirectURI = uri
      self.redirects = redirects
      self.open = open
      self.timeout = timeout
    }

    deinit {
      listener.stop()
    }

    /// Hands `url` to `open`, then waits for the redirect.
    public func authorize(_ url: URL) async throws(MCPOAuthError) -> URL {
      await open(url)
      let redirects = redirects
      let timeout = timeout
      let received: URL? = await withTaskGroup(of: URL?.self) { group in
        group.addTask {
          for await redirect in redirects { return redirect }
          return nil
        }
        group.addTask {
          try? await Task.sleep(for: timeout)
          return nil
        }
        defer { group.cancelAll() }
        return await group.next() ?? nil
      }
      guard let received else {
        throw .browserFailed(reason: "no redirect reached \(redirectURI) within \(timeout)")
      }
      return received
    }

    /// Stops listening.
    public func stop() {
      listener.stop()
    }

    /// Answers the redirect with a page telling the user to go back to the app; other paths get 404.
    private static func serve(
      _ connection: HTTPConnection, origin: String, into redirects: AsyncStream<URL>.Continuation
    ) {
      Task {
        defer { connection.close() }
        guard let request = try? await connection.requests().first(where: { _ in true }) else { return }
        guard request.method == "GET", request.path.hasPrefix("/callback"),
          let url = URL(string: origin + request.path)
        else {
          connection.respond(status: 404, headers: ["Content-Type": "text/plain"], body: "Not found")
          return
        }
        let page = "<!doctype html><title>Signed in</title><p>You can close this window and return to the app.</p>"
        connection.respond(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: page)
        redirects.yield(url)
      }
    }
  }
#endif

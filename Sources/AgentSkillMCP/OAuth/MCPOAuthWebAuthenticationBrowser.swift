#if canImport(AuthenticationServices)
  import AgentSkill
  import AuthenticationServices
  import Foundation

  /// The browser step on Apple platforms: `ASWebAuthenticationSession`, which shows the sign-in page in a secure
  /// browser sheet and returns when the authorization server redirects to `redirectURI`'s custom scheme.
  ///
  /// Register `redirectURI` (for example `com.example.myapp:/oauth/callback`) with the authorization server, or let
  /// dynamic registration do it.
  ///
  /// ```swift
  /// func browser(over window: ASPresentationAnchor) -> MCPOAuthWebAuthenticationBrowser {
  ///   MCPOAuthWebAuthenticationBrowser(
  ///     redirectURI: URL(string: "com.example.myapp:/oauth/callback")!, anchor: { window })
  /// }
  /// ```
  public final class MCPOAuthWebAuthenticationBrowser: MCPOAuthBrowser {
    /// The custom-scheme redirect URI.
    public let redirectURI: URL
    private let prefersEphemeralSession: Bool
    private let anchor: @MainActor @Sendable () -> ASPresentationAnchor

    /// A browser step presenting over the window `anchor` returns.
    ///
    /// - Parameters:
    ///   - redirectURI: The custom-scheme redirect URI registered for the app.
    ///   - prefersEphemeralSession: Whether to keep the browser's cookies out of the sign-in (no single sign-on).
    ///   - anchor: The window to present the sheet over.
    public init(
      redirectURI: URL,
      prefersEphemeralSession: Bool = false,
      anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor
    ) {
      self.redirectURI = redirectURI
      self.prefersEphemeralSession = prefersEphemeralSession
      self.anchor = anchor
    }

    /// Presents the sign-in page and returns the redirect.
    public func authorize(_ url: URL) async throws(MCPOAuthError) -> URL {
      guard let scheme = redirectURI.scheme else {
        throw .browserFailed(reason: "the redirect URI \(redirectURI) has no scheme")
      }
      let ephemeral = prefersEphemeralSession
      let anchor = anchor
      let result: Result<URL, MCPOAuthError> = await withCheckedContinuation { checked in
        // Resumed once, whichever of the completion handler and a failed start comes first.
        let once = LockIsolated<CheckedContinuation<Result<URL, MCPOAuthError>, Never>?>(checked)
        let continuation = OnceContinuation(once)
        Task { @MainActor in
          let provider = AnchorProvider(anchor: anchor)
          let session = ASWebAuthenticationSession(url: url, callbackURLScheme: scheme) {
            @Sendable callback, error in
            // The provider must live as long as the session, which holds it weakly.
            withExtendedLifetime(provider) {}
            if let callback {
              continuation.resume(returning: .success(callback))
            } else if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
              continuation.resume(returning: .failure(.browserFailed(reason: "the sign-in was cancelled")))
            } else {
              let reason = error?.localizedDescription ?? "no redirect"
              continuation.resume(returning: .failure(.browserFailed(reason: reason)))
            }
          }
          session.presentationContextProvider = provider
          session.prefersEphemeralWebBrowserSession = ephemeral
          if !session.start() {
            continuation.resume(returning: .failure(.browserFailed(reason: "the sign-in sheet could not be shown")))
          }
        }
      }
      switch result {
      case .success(let redirect): return redirect
      case .failure(let error): throw error
      }
    }
  }

  /// Resumes a continuation at most once.
  private struct OnceContinuation: Sendable {
    let slot: LockIsolated<CheckedContinuation<Result<URL, MCPOAuthError>, Never>?>

    init(_ slot: LockIsolated<CheckedContinuation<Result<URL, MCPOAuthError>, Never>?>) {
      self.slot = slot
    }

    func resume(returning result: Result<URL, MCPOAuthError>) {
      let continuation = slot.withValue { slot in
        defer { slot = nil }
        return slot
      }
      continuation?.resume(returning: result)
    }
  }

  /// Tells the session which window to present over.
  @MainActor
  private final class AnchorProvider: NSObject, ASWebAuthenticationPresentationContextProviding {
    private let anchor: @MainActor @Sendable () -> ASPresentationAnchor

    init(anchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
      self.anchor = anchor
    }

    nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
      MainActor.assumeIsolated { anchor() }
    }
  }
#endif

import AgentSkill
import AgentSkillMCP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A scripted user who approves every sign-in: the loopback browser's `open` fetches the authorization URL, whose
/// auto-approving server redirects to the loopback callback, which the fetch follows.
enum ApprovingBrowser {
  /// A loopback browser whose sign-ins are approved at once; `approvals` counts them.
  static func make(approvals: LockIsolated<Int>) throws -> MCPOAuthLoopbackBrowser {
    try MCPOAuthLoopbackBrowser(timeout: .seconds(30)) { url in
      approvals.withValue { $0 += 1 }
      _ = try? await URLSession.shared.data(from: url)
    }
  }
}

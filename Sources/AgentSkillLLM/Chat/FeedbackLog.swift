import AgentSkill
import Foundation

/// Appends lines to a local file, one writer at a time; creates the
/// directory and the file when missing, never overwrites.
final class FeedbackLog: Sendable {
  let url: URL
  private let lock = LockIsolated(())

  init(url: URL) {
    self.url = url
  }

  /// The default location: `AgentSkill/chat-feedback.jsonl` in Application
  /// Support (the XDG data directory on Linux), else the temporary directory.
  static var defaultURL: URL {
    let base =
      FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return base.appendingPathComponent("AgentSkill", isDirectory: true)
      .appendingPathComponent("chat-feedback.jsonl", isDirectory: false)
  }

  /// Appends `line` and a newline.
  ///
  /// - Throws: ``ChatAgentError/feedbackLog(path:reason:)``.
  func append(_ line: String) throws(ChatAgentError) {
    let data = Data((line + "\n").utf8)
    let url = self.url
    let failure: String? = lock.withValue { _ in
      do {
        let manager = FileManager.default
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if !manager.fileExists(atPath: url.path) {
          guard manager.createFile(atPath: url.path, contents: nil) else {
            return "the file could not be created"
          }
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: data)
        return nil
      } catch {
        return (error as NSError).localizedDescription
      }
    }
    if let failure { throw .feedbackLog(path: url.path, reason: failure) }
  }
}

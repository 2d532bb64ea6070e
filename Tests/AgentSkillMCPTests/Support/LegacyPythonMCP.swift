import AgentSkill
import Foundation
import Testing

/// The Python interpreter of `.build/mcp1-venv`, which has the last 1.x release of the official MCP SDK: its servers
/// speak only the handshake era, so the client's fallback from `server/discover` to `initialize` meets a real one.
///
/// Made on first use (PyPI must be reachable) with
/// `python3 -m venv .build/mcp1-venv && .build/mcp1-venv/bin/pip install 'mcp==1.30.0'`; never committed. If that
/// fails, the tests fail with the instruction rather than skip.
enum LegacyPythonMCP {
  /// The last 1.x release, pinned.
  static let pinnedVersion = "1.30.0"

  private static var venv: URL { PythonMCP.packageRoot.appendingPathComponent(".build/mcp1-venv") }
  private static var python: String { venv.appendingPathComponent("bin/python").path }

  /// The probe's answer, found once.
  private static let found = LockIsolated<String?>(nil)
  /// Held while one thread probes (and perhaps installs).
  private static let probing = NSLock()

  /// The interpreter, recording a clear failure when it cannot be made.
  static func require(sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
    if let known = found.value { return known }
    let made: String? = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        probing.lock()
        defer { probing.unlock() }
        if let known = found.value { return continuation.resume(returning: known) }
        let result = hasPinnedSDK() || (install() && hasPinnedSDK()) ? python : nil
        found.setValue(result)
        continuation.resume(returning: result)
      }
    }
    guard let made else {
      let missing = Missing()
      Issue.record(Comment(rawValue: missing.description), sourceLocation: sourceLocation)
      throw missing
    }
    return made
  }

  private static func hasPinnedSDK() -> Bool {
    run(python, ["-c", "import importlib.metadata as m; assert m.version('mcp') == '\(pinnedVersion)'"])
  }

  private static func install() -> Bool {
    FileHandle.standardError.write(
      Data("note: installing mcp==\(pinnedVersion) into \(venv.path) for the legacy-era MCP tests (once)\n".utf8))
    return run("/usr/bin/env", ["python3", "-m", "venv", venv.path])
      && run(
        venv.appendingPathComponent("bin/pip").path,
        ["install", "--quiet", "--disable-pip-version-check", "mcp==\(pinnedVersion)"])
  }

  private static func run(_ executable: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// No Python with the pinned 1.x SDK could be made.
  struct Missing: Error, CustomStringConvertible {
    var description: String {
      "The legacy-era MCP tests need the official MCP SDK \(LegacyPythonMCP.pinnedVersion) in .build/mcp1-venv. "
        + "Make it with\n  python3 -m venv .build/mcp1-venv && .build/mcp1-venv/bin/pip install "
        + "'mcp==\(LegacyPythonMCP.pinnedVersion)'"
    }
  }
}

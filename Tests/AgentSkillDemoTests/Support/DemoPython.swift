import Foundation
import Testing

/// The Python interpreter with the official MCP SDK (`mcp` 2.x), for the tests that put `agentskill-demo` and an
/// MCP peer nobody here wrote together.
///
/// Looked up as AgentSkillMCPTests looks it up: `AGENTSKILL_MCP_PYTHON` (set by `.ci/run`), the package's
/// `.build/mcp-venv`, then `python3` on `PATH`. When none has the SDK, the first test that needs it makes
/// `.build/mcp-venv` (PyPI must be reachable), holding the lock file AgentSkillMCPTests takes for the same, so a
/// plain `swift test` on a fresh machine runs these tests too. If that fails the tests fail with the command that
/// installs it, rather than skip: the demo's MCP side must be proven against the SDK.
enum DemoPython {
  /// The package root, from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A fixture script's path.
  static func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures").appendingPathComponent(name).path
  }

  /// What the search found: the interpreter's path, or `nil`; set once.
  private static let found = LockedResult()

  /// The interpreter, recording a failure that says how to install the SDK when there is none.
  static func require(sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
    let python = await withCheckedContinuation { continuation in
      // Probing blocks while Python starts, so it runs on a thread of its own, not the tests' pool.
      Thread.detachNewThread { continuation.resume(returning: found.value(orCompute: probe)) }
    }
    if let python { return python }
    let message =
      "These tests need Python 3.10+ with the official MCP SDK (mcp 2.x). Install it with\n"
      + "  python3 -m venv .build/mcp-venv && .build/mcp-venv/bin/pip install 'mcp==2.3.0'\n"
      + "or set AGENTSKILL_MCP_PYTHON to a python that has it."
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    throw DemoProcessError(description: message)
  }

  /// The interpreter, after making `.build/mcp-venv` when no candidate has the SDK.
  private static func probe() -> String? {
    withVenvLock {
      if let found = probeCandidates() { return found }
      guard installIntoVenv() else { return nil }
      return probeCandidates()
    }
  }

  /// Runs `body` holding an exclusive lock on `.build/mcp-venv.lock` (AgentSkillMCPTests takes it too).
  private static func withVenvLock<T>(_ body: () -> T) -> T {
    try? FileManager.default.createDirectory(
      at: packageRoot.appendingPathComponent(".build"), withIntermediateDirectories: true)
    let descriptor = open(packageRoot.appendingPathComponent(".build/mcp-venv.lock").path, O_CREAT | O_RDWR, 0o644)
    guard descriptor >= 0 else { return body() }
    defer { close(descriptor) }
    flock(descriptor, LOCK_EX)
    defer { flock(descriptor, LOCK_UN) }
    return body()
  }

  /// Makes `.build/mcp-venv` with the SDK version the MCP tests pin; `true` when pip succeeded.
  private static func installIntoVenv() -> Bool {
    let venv = packageRoot.appendingPathComponent(".build/mcp-venv")
    FileHandle.standardError.write(
      Data("note: installing mcp==2.3.0 into \(venv.path) for the demo's MCP tests\n".utf8))
    let steps: [(String, [String])] = [
      ("/usr/bin/env", ["python3", "-m", "venv", venv.path]),
      (
        venv.appendingPathComponent("bin/pip").path,
        ["install", "--quiet", "--disable-pip-version-check", "mcp==2.3.0"]
      ),
    ]
    for (executable, arguments) in steps {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
      process.standardOutput = FileHandle.nullDevice
      guard (try? process.run()) != nil else { return false }
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { return false }
    }
    return true
  }

  /// The first candidate whose Python has the SDK, as the interpreter's own path.
  private static func probeCandidates() -> String? {
    var candidates: [String] = []
    if let configured = ProcessInfo.processInfo.environment["AGENTSKILL_MCP_PYTHON"], !configured.isEmpty {
      candidates.append(configured)
    }
    candidates.append(packageRoot.appendingPathComponent(".build/mcp-venv/bin/python").path)
    candidates.append("/usr/bin/env")
    let check =
      "import sys, mcp, importlib.metadata as m; assert m.version('mcp').startswith('2.'); print(sys.executable)"
    for candidate in candidates {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: candidate)
      process.arguments = candidate == "/usr/bin/env" ? ["python3", "-c", check] : ["-c", check]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { continue }
      let printed = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { continue }
      if candidate != "/usr/bin/env" { return candidate }
      return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return nil
  }

  /// The probe's answer, computed by the first caller while later ones wait.
  // Safety: `answer`, the only mutable field, is read and written only while `lock` is held.
  private final class LockedResult: @unchecked Sendable {
    private let lock = NSLock()
    private var answer: String??

    func value(orCompute compute: () -> String?) -> String? {
      lock.lock()
      defer { lock.unlock() }
      if let answer { return answer }
      let computed = compute()
      answer = .some(computed)
      return computed
    }
  }
}

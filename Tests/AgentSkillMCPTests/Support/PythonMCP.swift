import AgentSkill
import Foundation
import Testing

/// The Python interpreter that has the official MCP SDK (`mcp`), for tests that talk to a peer nobody here wrote.
///
/// Looked up in order: `AGENTSKILL_MCP_PYTHON`; the package's `.build/mcp-venv` (made by `.ci/run`, or by hand
/// with `python3 -m venv .build/mcp-venv && .build/mcp-venv/bin/pip install 'mcp==2.3.0'`); `python3` on `PATH`.
/// When none has it, the first test that needs it makes `.build/mcp-venv` itself (PyPI must be reachable), so a
/// plain `swift test` on a fresh machine runs these tests too. If that fails, the tests fail with the instruction
/// rather than skip: CI must prove interoperability.
enum PythonMCP {
  /// The SDK version the tests are written against.
  static let pinnedVersion = "2.3.0"

  /// The package root, from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A fixture script's path.
  static func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures").appendingPathComponent(name).path
  }

  /// The probe's answer, found once, off the concurrency pool (the probe blocks while Python starts).
  private static let found = LockIsolated<Result<String, PythonMissing>?>(nil)

  /// Held while one thread probes (and perhaps installs), so the venv is made once.
  private static let probing = NSLock()

  /// The interpreter, or why there is none.
  static func interpreter() async -> Result<String, PythonMissing> {
    if let known = found.value { return known }
    return await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        probing.lock()
        defer { probing.unlock() }
        if let known = found.value { return continuation.resume(returning: known) }
        let result = probe()
        found.setValue(result)
        continuation.resume(returning: result)
      }
    }
  }

  /// The package's own virtual environment.
  private static var venv: URL { packageRoot.appendingPathComponent(".build/mcp-venv") }

  /// Makes `.build/mcp-venv` with the pinned SDK; `true` when pip succeeded.
  private static func installIntoVenv() -> Bool {
    FileHandle.standardError.write(
      Data("note: installing mcp==\(pinnedVersion) into \(venv.path) for the MCP interoperability tests (once)\n".utf8))
    let steps: [(String, [String])] = [
      ("/usr/bin/env", ["python3", "-m", "venv", venv.path]),
      (
        venv.appendingPathComponent("bin/pip").path,
        ["install", "--quiet", "--disable-pip-version-check", "mcp==\(pinnedVersion)"]
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

  private static func probe() -> Result<String, PythonMissing> {
    withVenvLock {
      if let found = probeCandidates() { return .success(found) }
      guard installIntoVenv(), let found = probeCandidates() else { return .failure(PythonMissing()) }
      return .success(found)
    }
  }

  /// Runs `body` holding an exclusive lock on `.build/mcp-venv.lock`: the demo's tests (another module in the
  /// same test process) take it too, so the virtual environment is made once.
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

  private static func probeCandidates() -> String? {
    var candidates: [String] = []
    if let configured = ProcessInfo.processInfo.environment["AGENTSKILL_MCP_PYTHON"], !configured.isEmpty {
      candidates.append(configured)
    }
    candidates.append(packageRoot.appendingPathComponent(".build/mcp-venv/bin/python").path)
    candidates.append("/usr/bin/env")
    for candidate in candidates {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: candidate)
      let probe = "import mcp, importlib.metadata as m; print(m.version('mcp'))"
      process.arguments = candidate == "/usr/bin/env" ? ["python3", "-c", probe] : ["-c", probe]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { continue }
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { continue }
      let version = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      if !version.hasPrefix("2.") {
        FileHandle.standardError.write(
          Data("note: mcp \(version) found; these tests pin mcp==\(pinnedVersion) (MCPServer API of 2.x)\n".utf8))
        continue
      }
      return candidate == "/usr/bin/env" ? "python3" : candidate
    }
    return nil
  }

  /// The interpreter, recording a clear failure when it is missing.
  static func require(sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
    switch await interpreter() {
    case .success(let path): return path
    case .failure(let missing):
      Issue.record(Comment(rawValue: missing.description), sourceLocation: sourceLocation)
      throw missing
    }
  }
}

/// No Python with the MCP SDK was found.
struct PythonMissing: Error, CustomStringConvertible {
  var description: String {
    "These tests need Python 3.10+ with the official MCP SDK (mcp==\(PythonMCP.pinnedVersion)). Install it with\n"
      + "  python3 -m venv .build/mcp-venv && .build/mcp-venv/bin/pip install 'mcp==\(PythonMCP.pinnedVersion)'\n"
      + "or set AGENTSKILL_MCP_PYTHON to a python that has it."
  }
}

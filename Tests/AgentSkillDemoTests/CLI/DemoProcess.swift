import Foundation
import Testing

/// Runs the built `agentskill-demo` executable as a subprocess with scripted
/// standard input and a clean environment.
enum DemoProcess {
  /// What a run printed and returned.
  struct Result: Sendable {
    let status: Int32
    let output: String
    let errors: String
  }

  /// The executable, next to the test bundle (`.build/<triple>/debug/agentskill-demo`).
  static func executable() throws -> URL {
    var directories: [URL] = []
    if let path = Bundle.main.executablePath {
      directories.append(URL(fileURLWithPath: path).deletingLastPathComponent())
    }
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      directories.append(URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent())
    }
    if let first = CommandLine.arguments.first {
      directories.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    // Tests/AgentSkillDemoTests/CLI/DemoProcess.swift → the package root.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    directories.append(root.appendingPathComponent(".build/debug"))
    for directory in directories {
      let candidate = directory.appendingPathComponent("agentskill-demo")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw DemoProcessError(
      description: "agentskill-demo was not found next to the tests (looked in "
        + directories.map(\.path).joined(separator: ", ") + "); run `swift build` first")
  }

  /// Runs the demo with `arguments`, feeding `input` on standard input.
  ///
  /// The environment holds only `PATH`, `HOME` (a directory that does not
  /// exist, so nothing is read from the user's) and `extraEnvironment`;
  /// a run that takes over two minutes is stopped, so a hang fails the test
  /// instead of blocking the suite.
  static func run(
    _ arguments: [String], input: String = "", environment extraEnvironment: [String: String] = [:]
  ) async throws -> Result {
    let executable = try executable()
    return try await withCheckedThrowingContinuation { continuation in
      let thread = Thread {
        do {
          continuation.resume(returning: try runBlocking(executable, arguments, input, extraEnvironment))
        } catch {
          continuation.resume(throwing: error)
        }
      }
      thread.start()
    }
  }

  /// Runs another program (such as the pseudo-terminal driver) with this
  /// process's environment, under the same two-minute watchdog.
  static func runCommand(_ path: String, _ arguments: [String]) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
      let thread = Thread {
        do {
          continuation.resume(
            returning: try runBlocking(URL(fileURLWithPath: path), arguments, "", [:], inherit: true))
        } catch {
          continuation.resume(throwing: error)
        }
      }
      thread.start()
    }
  }

  private static func runBlocking(
    _ executable: URL, _ arguments: [String], _ input: String, _ extraEnvironment: [String: String],
    inherit: Bool = false
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": "/nonexistent-home",
    ]
    if inherit { environment = ProcessInfo.processInfo.environment }
    for (key, value) in extraEnvironment { environment[key] = value }
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
    let errorData = LockedData()
    let errorReader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
    errorReader.start()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    watchdog.cancel()
    let errors = errorData.wait()
    return Result(
      status: process.terminationStatus,
      output: String(decoding: outputData, as: UTF8.self),
      errors: String(decoding: errors, as: UTF8.self))
  }

  /// Standard error's bytes, handed from the reader thread.
  private final class LockedData: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
      condition.lock()
      data = value
      condition.broadcast()
      condition.unlock()
    }

    func wait() -> Data {
      condition.lock()
      defer { condition.unlock() }
      while data == nil { condition.wait() }
      return data ?? Data()
    }
  }
}

/// The demo could not be run.
struct DemoProcessError: Error, CustomStringConvertible {
  let description: String
}

import AgentSkill
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `agentskill-demo mcp --http …` running as a child process (the real executable, a clean environment as in
/// ``DemoProcess``), started once it has printed its endpoint. Call ``killNow()`` in a `defer`; every wait here is
/// bounded.
final class DemoHTTPServerProcess: Sendable {
  /// How the process ended.
  enum Termination: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal killed it.
    case signalled(Int32)
  }

  /// Why the server did not start.
  struct StartFailed: Error, CustomStringConvertible {
    let description: String
  }

  /// The endpoint the server printed, `http://127.0.0.1:PORT/mcp`.
  let url: URL
  /// The port in ``url``.
  var port: Int { url.port ?? 0 }

  private let process: Process
  private let errorText: LockIsolated<Data>
  private let outputDone: AsyncStream<String>
  private let errorsDone: AsyncStream<Void>

  private init(
    url: URL, process: Process, errorText: LockIsolated<Data>, outputDone: AsyncStream<String>,
    errorsDone: AsyncStream<Void>
  ) {
    self.url = url
    self.process = process
    self.errorText = errorText
    self.outputDone = outputDone
    self.errorsDone = errorsDone
  }

  /// Starts `agentskill-demo ARGUMENTS` and waits (at most `limit` seconds) for its
  /// `MCP endpoint: URL` line on standard error; a server that does not print it in time is killed.
  static func start(_ arguments: [String], within limit: TimeInterval = 60) async throws -> DemoHTTPServerProcess {
    let process = Process()
    process.executableURL = try DemoProcess.executable()
    process.arguments = arguments
    process.environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": "/nonexistent-home",
    ]
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()

    let (outputDone, output) = AsyncStream.makeStream(of: String.self)
    let outputHandle = stdout.fileHandleForReading
    Thread.detachNewThread {
      output.yield(String(decoding: outputHandle.readDataToEndOfFile(), as: UTF8.self))
      output.finish()
    }

    let errorText = LockIsolated(Data())
    let (errorsDone, errors) = AsyncStream.makeStream(of: Void.self)
    let errorHandle = stderr.fileHandleForReading
    let waiting = LockIsolated(true)
    DispatchQueue.global().asyncAfter(deadline: .now() + limit) {
      if waiting.value, process.isRunning { process.terminate() }
    }
    let endpoint: String? = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        let prefix = "MCP endpoint: "
        var found = false
        var pending = Data()
        while case let data = errorHandle.availableData, !data.isEmpty {
          errorText.withValue { $0.append(data) }
          pending.append(data)
          while let newline = pending.firstIndex(of: 0x0A) {
            let line = String(decoding: pending[..<newline], as: UTF8.self)
            pending = Data(pending[(newline + 1)...])
            if !found, line.hasPrefix(prefix) {
              found = true
              continuation.resume(returning: String(line.dropFirst(prefix.count)))
            }
          }
        }
        if !found { continuation.resume(returning: nil) }
        errors.finish()
      }
    }
    waiting.setValue(false)
    guard let endpoint, let url = URL(string: endpoint) else {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      throw StartFailed(
        description: "agentskill-demo \(arguments.joined(separator: " ")) printed no endpoint; its standard error:\n"
          + String(decoding: errorText.value, as: UTF8.self))
    }
    return DemoHTTPServerProcess(
      url: url, process: process, errorText: errorText, outputDone: outputDone, errorsDone: errorsDone)
  }

  /// Sends `signal` (SIGTERM, SIGINT) to the server.
  func send(_ signal: Int32) {
    if process.isRunning { _ = kill(process.processIdentifier, signal) }
  }

  /// How the server ended, or `nil` when it is still running after `limit` seconds.
  func termination(within limit: TimeInterval = 30) async -> Termination? {
    let process = process
    return await withCheckedContinuation { continuation in
      let resumed = LockIsolated(false)
      let finish: @Sendable (Termination?) -> Void = { termination in
        let first = resumed.withValue { resumed in
          defer { resumed = true }
          return !resumed
        }
        if first { continuation.resume(returning: termination) }
      }
      Thread.detachNewThread {
        process.waitUntilExit()
        let status = process.terminationStatus
        finish(process.terminationReason == .exit ? .exited(status) : .signalled(status))
      }
      DispatchQueue.global().asyncAfter(deadline: .now() + limit) { finish(nil) }
    }
  }

  /// Everything the server wrote on standard output; call after it ended.
  func output() async -> String {
    for await text in outputDone { return text }
    return ""
  }

  /// Everything the server wrote on standard error; call after it ended.
  func errors() async -> String {
    for await _ in errorsDone {}
    return String(decoding: errorText.value, as: UTF8.self)
  }

  /// Kills the server at once (nothing happens when it has ended).
  func killNow() {
    if process.isRunning { _ = kill(process.processIdentifier, SIGKILL) }
  }
}

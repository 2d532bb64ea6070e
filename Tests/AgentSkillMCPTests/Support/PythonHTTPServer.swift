import AgentSkill
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fixture server built with the official Python SDK, served over Streamable HTTP in a child process on a free
/// loopback port. Call ``stop()`` (in a `defer`) to kill it; every wait here is bounded.
final class PythonHTTPServer: Sendable {
  /// The MCP endpoint.
  let url: URL
  /// The server's stderr lines so far (the fixture logs each HTTP request there).
  let log: LockIsolated<[String]>
  private let process: Process

  private init(url: URL, log: LockIsolated<[String]>, process: Process) {
    self.url = url
    self.log = log
    self.process = process
  }

  /// Why the server did not start.
  struct StartFailed: Error, CustomStringConvertible {
    let description: String
  }

  /// Starts `fixture --http 0` and waits (at most `limit`) for the port it prints.
  static func start(_ fixture: String = "calc_server.py", within limit: TimeInterval = 120) async throws
    -> PythonHTTPServer
  {
    let python = try await PythonMCP.require()
    let process = Process()
    process.executableURL =
      python.contains("/") ? URL(fileURLWithPath: python) : URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = (python.contains("/") ? [] : [python]) + [PythonMCP.fixture(fixture), "--http", "0"]
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let log = LockIsolated<[String]>([])
    let errorHandle = stderr.fileHandleForReading
    Thread.detachNewThread {
      var pending = ""
      while case let data = errorHandle.availableData, !data.isEmpty {
        pending += String(decoding: data, as: UTF8.self)
        while let newline = pending.firstIndex(of: "\n") {
          let line = String(pending[..<newline])
          pending = String(pending[pending.index(after: newline)...])
          log.withValue { $0.append(line) }
        }
      }
    }
    // A server that never prints its port is killed, which ends the read below.
    let waiting = LockIsolated(true)
    DispatchQueue.global().asyncAfter(deadline: .now() + limit) {
      if waiting.value { process.terminate() }
    }
    let outputHandle = stdout.fileHandleForReading
    let firstLine: String = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        var text = ""
        while !text.contains("\n"), case let data = outputHandle.availableData, !data.isEmpty {
          text += String(decoding: data, as: UTF8.self)
        }
        continuation.resume(returning: text)
      }
    }
    waiting.setValue(false)
    guard let port = Int(firstLine.trimmingCharacters(in: .whitespacesAndNewlines)),
      let url = URL(string: "http://127.0.0.1:\(port)/mcp")
    else {
      kill(process.processIdentifier, SIGKILL)
      throw StartFailed(
        description: "the fixture printed no port (\(firstLine)); its log:\n" + log.value.joined(separator: "\n"))
    }
    return PythonHTTPServer(url: url, log: log, process: process)
  }

  /// Kills the server at once.
  func stop() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }

  /// The logged HTTP requests: "METHOD PATH session=ID version=VERSION method=MCP-METHOD".
  var requests: [String] {
    log.value.compactMap { $0.hasPrefix("http: ") ? String($0.dropFirst(6)) : nil }
  }
}

/// Runs `body`, failing with `TimedOut` when it takes longer than `limit` (the body is cancelled).
func bounded<T: Sendable>(
  _ what: String,
  within limit: Duration = .seconds(60),
  _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withThrowingTaskGroup(of: T?.self) { group in
    group.addTask { try await body() }
    group.addTask {
      try await Task.sleep(for: limit)
      return nil
    }
    defer { group.cancelAll() }
    guard let first = try await group.next(), let value = first else { throw TimedOut(what: what, limit: limit) }
    return value
  }
}

/// A bounded wait ran out.
struct TimedOut: Error, CustomStringConvertible {
  let what: String
  let limit: Duration
  var description: String { "\(what) did not finish within \(limit)" }
}

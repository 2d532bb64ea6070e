import AgentSkill
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The protected MCP server and authorization server of Fixtures/oauth_server.py (the official SDK's
/// `mcp.server.auth`), started once per test process on a free loopback port and shared by the OAuth suite. The
/// fixture exits when its stdin closes, that is when the test process ends.
final class PythonOAuthServer: Sendable {
  /// The MCP endpoint, `http://127.0.0.1:PORT/mcp`.
  let url: URL
  /// The issuer, `http://127.0.0.1:PORT`.
  let issuer: URL
  /// The server's stderr lines so far.
  let log: LockIsolated<[String]>
  private let process: Process
  /// Kept open: the fixture exits when it closes.
  private let input: Pipe

  private init(url: URL, issuer: URL, log: LockIsolated<[String]>, process: Process, input: Pipe) {
    self.url = url
    self.issuer = issuer
    self.log = log
    self.process = process
    self.input = input
  }

  private static let started = LockIsolated<Task<PythonOAuthServer, any Error>?>(nil)

  /// The shared server, started by the first caller.
  static func shared() async throws -> PythonOAuthServer {
    let task = started.withValue { task in
      if let task { return task }
      let made = Task { try await start() }
      task = made
      return made
    }
    return try await task.value
  }

  private static func start(within limit: TimeInterval = 120) async throws -> PythonOAuthServer {
    let python = try await PythonMCP.require()
    let process = Process()
    process.executableURL =
      python.contains("/") ? URL(fileURLWithPath: python) : URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = (python.contains("/") ? [] : [python]) + [PythonMCP.fixture("oauth_server.py"), "--http", "0"]
    let stdout = Pipe()
    let stderr = Pipe()
    let stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
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
      let issuer = URL(string: "http://127.0.0.1:\(port)"), let url = URL(string: "http://127.0.0.1:\(port)/mcp")
    else {
      process.terminate()
      throw PythonHTTPServer.StartFailed(
        description: "the OAuth fixture printed no port (\(firstLine)); its log:\n" + log.value.joined(separator: "\n"))
    }
    return PythonOAuthServer(url: url, issuer: issuer, log: log, process: process, input: stdin)
  }

  /// POSTs a form to `path` on the server and returns the status.
  @discardableResult
  func post(_ path: String, form: [(String, String)] = []) async throws -> Int {
    var request = URLRequest(url: issuer.appendingPathComponent(path))
    request.httpMethod = "POST"
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(
      form.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0.1)" }
        .joined(separator: "&").utf8)
    let (_, response) = try await URLSession.shared.data(for: request)
    return (response as? HTTPURLResponse)?.statusCode ?? 0
  }
}

import AgentSkill
import AgentSkillLLM
import Foundation
import Testing

@testable import AgentSkillMCP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Our server over Streamable HTTP, called by the official Python SDK's client (Fixtures/sdk_http_client.py)
/// and by hand-made requests for the transport's error statuses.
@Suite("MCP server over Streamable HTTP", .serialized, .timeLimit(.minutes(3)))
struct MCPHTTPServerTests {
  @MainActor
  private func start(token: String? = nil) throws -> MCPHTTPServer {
    let server = MCPServer(name: "agentskill-test", version: "1.0.0", registry: try makeServedRegistry())
    return try MCPHTTPServer(server, bearerToken: token)
  }

  @Test("the official SDK's client lists and calls our skills over HTTP with a bearer token, then ends its session")
  func sdkClient() async throws {
    let http = try await start(token: "s3cret")
    let python = try await PythonMCP.require()
    let output = try await runPython(
      python, [PythonMCP.fixture("sdk_http_client.py"), http.url.absoluteString, "s3cret"])
    let report = try JSONValue(parsing: Data(output.stdout.utf8))
    #expect(report["server"] == "agentskill-test", "stderr: \(output.stderr)")
    #expect(report["protocol"] == "2025-11-25")
    #expect(report["tools"] == ["echo", "reminder_create", "weather"])
    #expect(report["echo"] == ["isError": false, "text": "你好"])
    #expect(report["weather"]?["isError"] == false)
    #expect(report["weather"]?["text"]?.stringValue?.contains("多云") == true)
    #expect(report["invalid"]?["isError"] == true)
    #expect(report["invalid"]?["text"]?.stringValue?.contains("Paris") == true)
    #expect(report["unknown"]?["error"] == .number(Double(JSONRPCError.invalidParams)))
    #expect(report["confirm"]?["isError"] == true)
    #expect(report["confirm"]?["text"]?.stringValue?.contains("reminder_create") == true)
    // The client's DELETE ended the session.
    #expect(http.sessionCount == 0)
    await http.stop()
  }

  @Test("no token: 401; no session id or bad JSON: 400; unknown session: 404; GET: 405; foreign Origin: 403")
  func statuses() async throws {
    let http = try await start(token: "s3cret")
    let initialize =
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","#
      + #""capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#
    let ping = #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#
    let auth = ["Authorization": "Bearer s3cret"]
    #expect(try await status(http.url, "POST", body: initialize).code == 401)
    #expect(
      try await status(http.url, "POST", body: initialize, headers: ["Authorization": "Bearer wrong"]).code == 401)
    #expect(try await status(http.url, "POST", body: ping, headers: auth).code == 400)
    #expect(
      try await status(http.url, "POST", body: ping, headers: auth.merging(["Mcp-Session-Id": "nope"]) { $1 }).code
        == 404)
    #expect(try await status(http.url, "GET", headers: auth).code == 405)
    #expect(
      try await status(
        http.url, "POST", body: initialize, headers: auth.merging(["Origin": "https://evil.example"]) { $1 }
      )
      .code == 403)
    let opened = try await status(http.url, "POST", body: initialize, headers: auth)
    #expect(opened.code == 200)
    #expect(opened.body.contains(#""serverInfo""#))
    let session = try #require(opened.sessionID)
    #expect(http.sessionCount == 1)
    let withSession = auth.merging(["Mcp-Session-Id": session]) { $1 }
    let pinged = try await status(http.url, "POST", body: ping, headers: withSession)
    #expect(pinged.code == 200)
    #expect(pinged.body.contains(#""id":2"#))
    let notified = try await status(
      http.url, "POST", body: #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#, headers: withSession)
    #expect(notified.code == 202)
    let garbage = try await status(http.url, "POST", body: "{not json", headers: withSession)
    #expect(garbage.code == 400)
    #expect(garbage.body.contains("\(JSONRPCError.parseError)"))
    #expect(try await status(http.url, "POST", body: ping, headers: withSession).code == 200)
    #expect(try await status(http.url, "DELETE", headers: withSession).code == 200)
    #expect(http.sessionCount == 0)
    #expect(try await status(http.url, "POST", body: ping, headers: withSession).code == 404)
    await http.stop()
  }

  @Test("our own client talks to our own server over HTTP, statelessly (2026-07-28)")
  func ownClient() async throws {
    let http = try await start()
    let client = try await MCPClient.connect(
      .http(http.url), options: MCPClient.Options(initializeTimeout: .seconds(30), requestTimeout: .seconds(30)))
    #expect(client.serverInfo.name == "agentskill-test")
    #expect(client.protocolVersion == .revision20260728)
    #expect(try await client.listTools().map(\.name) == ["echo", "reminder_create", "weather"])
    #expect(try await client.callTool("echo", arguments: ["text": "hi"]).text == "hi")
    try await bounded("close") { await client.close() }
    #expect(http.sessionCount == 0)
    await http.stop()
  }

  @Test("our client without the token gets a typed error asking for credentials; with it, it connects")
  func clientToken() async throws {
    let http = try await start(token: "s3cret")
    let options = MCPClient.Options(initializeTimeout: .seconds(30), requestTimeout: .seconds(30))
    do {
      _ = try await MCPClient.connect(.http(http.url), options: options)
      Issue.record("connected without the token")
    } catch let error as MCPClientError {
      #expect(error.server == http.url.absoluteString)
      #expect(error.description.contains("HTTP 401"))
      #expect(error.description.contains("Authorization"))
    }
    let client = try await MCPClient.connect(
      .http(http.url, headers: ["Authorization": "Bearer s3cret"]), options: options)
    #expect(try await client.callTool("echo", arguments: ["text": "ok"]).text == "ok")
    try await bounded("close") { await client.close() }
    await http.stop()
  }

  @Test("serveHTTP serves until its task is cancelled, then stops listening")
  func serveUntilCancelled() async throws {
    let server = MCPServer(name: "agentskill-test", version: "1.0.0", registry: try await makeServedRegistry())
    let endpoint = LockIsolated<URL?>(nil)
    let serving = Task { try await server.serveHTTP { url in endpoint.setValue(url) } }
    await eventually("the server listens") { endpoint.value != nil }
    let url = try #require(endpoint.value)
    let client = try await MCPClient.connect(
      .http(url), options: MCPClient.Options(initializeTimeout: .seconds(30), requestTimeout: .seconds(30)))
    #expect(try await client.callTool("echo", arguments: ["text": "up"]).text == "up")
    try await bounded("close") { await client.close() }
    serving.cancel()
    try await bounded("serveHTTP returns") { try await serving.value }
    await #expect(throws: MCPClientError.self) {
      try await bounded("connect") {
        try await MCPClient.connect(.http(url), options: MCPClient.Options(initializeTimeout: .seconds(30)))
      }
    }
  }

  /// One request's status, body and session id, bounded.
  private func status(
    _ url: URL, _ method: String, body: String? = nil, headers: [String: String] = [:]
  ) async throws -> (code: Int, body: String, sessionID: String?) {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.timeoutInterval = 30
    request.setValue("application/json, text/event-stream", forHTTPHeaderField: "Accept")
    if let body {
      request.httpBody = Data(body.utf8)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let prepared = request
    let (data, response) = try await bounded("\(method) \(url)") { try await URLSession.shared.data(for: prepared) }
    let http = try #require(response as? HTTPURLResponse)
    return (http.statusCode, String(decoding: data, as: UTF8.self), http.value(forHTTPHeaderField: "Mcp-Session-Id"))
  }
}

/// Runs a Python script to its end, killing it after `limit`; its stdout and stderr.
func runPython(_ python: String, _ arguments: [String], within limit: TimeInterval = 120) async throws
  -> (stdout: String, stderr: String)
{
  let process = Process()
  process.executableURL = python.contains("/") ? URL(fileURLWithPath: python) : URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = (python.contains("/") ? [] : [python]) + arguments
  let stdout = Pipe()
  let stderr = Pipe()
  process.standardOutput = stdout
  process.standardError = stderr
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let running = LockIsolated(true)
  DispatchQueue.global().asyncAfter(deadline: .now() + limit) {
    if running.value { process.terminate() }
  }
  let errorText = LockIsolated("")
  let errorHandle = stderr.fileHandleForReading
  Thread.detachNewThread {
    errorText.setValue(String(decoding: errorHandle.readDataToEndOfFile(), as: UTF8.self))
  }
  let outputHandle = stdout.fileHandleForReading
  let output: String = await withCheckedContinuation { continuation in
    Thread.detachNewThread {
      let data = outputHandle.readDataToEndOfFile()
      continuation.resume(returning: String(decoding: data, as: UTF8.self))
    }
  }
  running.setValue(false)
  if process.isRunning { process.terminate() }
  return (output, errorText.value)
}

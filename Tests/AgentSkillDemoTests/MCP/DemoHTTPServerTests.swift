import AgentSkillLLM
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `agentskill-demo mcp --http PORT` as a child process (the real executable, a temporary data directory, a fixed
/// "now": Friday 2026-03-06 10:00 +08:00), called by the official MCP Python SDK's Streamable HTTP client
/// (Fixtures/sdk_client.py `--http`) and by hand-made requests, then stopped with a signal.
@Suite("agentskill-demo mcp --http against the official Python SDK's client (subprocess)", .timeLimit(.minutes(3)))
struct DemoHTTPServerTests {
  /// Starts `agentskill-demo mcp --http 0 --data DIR --now … [extra]`.
  private func startServer(data directory: URL, extra: [String] = []) async throws -> DemoHTTPServerProcess {
    try await DemoHTTPServerProcess.start(
      ["mcp", "--http", "0", "--data", directory.path, "--now", DemoFixtures.nowArgument] + extra)
  }

  /// Runs `sdk_client.py SCENARIO --http URL --token TOKEN`; the JSON object it printed.
  private func client(_ scenario: String, _ url: URL, token: String, mode: String = "legacy") async throws -> JSONValue
  {
    let python = try await DemoPython.require()
    let result = try await DemoProcess.runCommand(
      python,
      [
        DemoPython.fixture("sdk_client.py"), "--mode", mode, scenario, "--http", url.absoluteString, "--token", token,
      ])
    #expect(result.status == 0, "\(scenario): \(result.errors)")
    let line = result.output.split(separator: "\n").last.map(String.init) ?? ""
    return try JSONValue(parsing: line)
  }

  /// The status of an `initialize` POSTed by hand with `headers`, bounded by the request's timeout.
  private func initializeStatus(_ url: URL, headers: [String: String]) async throws -> (code: Int, body: String) {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.timeoutInterval = 30
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json, text/event-stream", forHTTPHeaderField: "Accept")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let body =
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"#
      + #""clientInfo":{"name":"probe","version":"1"}}}"#
    request.httpBody = Data(body.utf8)
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    return (http.statusCode, String(decoding: data, as: UTF8.self))
  }

  /// With the token the SDK client lists the tools, gets the weather and confirms a reminder; without it, 401.
  @Test("serves the SDK client with the token, 401 without; SIGTERM stops it with status 0, stdout empty")
  func servesUntilSIGTERM() async throws {
    try await DemoFixtures.withDirectory { directory in
      let server = try await startServer(data: directory, extra: ["--token", "secret"])
      defer { server.killNow() }
      #expect(server.url.absoluteString == "http://127.0.0.1:\(server.port)/mcp")
      #expect(server.port > 0)

      let listed = try await client("list", server.url, token: "secret")
      #expect(listed["server"] == "agentskill-demo")
      #expect(listed["protocolVersion"] == "2025-11-25")
      #expect(listed["tools"] == ["create_reminder", "ledger_query", "list_reminders", "weather"])

      let weather = try #require(try await client("weather", server.url, token: "secret")["result"])
      #expect(weather["isError"] == false)
      #expect(weather["text"]?[0]?.stringValue?.hasPrefix("北京今天多云，0~11°C，西北风 3 级") == true, "\(weather)")
      #expect(weather["structured"]?["city"] == "Beijing")

      // The confirmation is asked on the event stream of the POST that called the tool (MCP elicitation).
      let reminder = try await client("reminder-accept", server.url, token: "secret")
      #expect(reminder["elicitations"]?.arrayValue?.count == 1)
      #expect(reminder["result"]?["text"]?[0] == "Reminder set for tomorrow 09:00: call mom.")
      #expect(reminder["reminders"]?[0] == "You have 1 upcoming reminder: tomorrow 09:00 call mom.")

      // The same server answers the SDK client's modern era: stateless POSTs, the confirmation an input request.
      let modern = try await client("reminder-accept", server.url, token: "secret", mode: "auto")
      #expect(modern["protocolVersion"] == "2026-07-28")
      #expect(modern["elicitations"]?.arrayValue?.count == 1)
      #expect(modern["result"]?["text"]?[0] == "Reminder set for tomorrow 09:00: call mom.")

      let missing = try await initializeStatus(server.url, headers: [:])
      #expect(missing.code == 401)
      #expect(missing.body.contains("Authorization: Bearer <token>"))
      let wrong = try await initializeStatus(server.url, headers: ["Authorization": "Bearer wrong"])
      #expect(wrong.code == 401)
      let right = try await initializeStatus(server.url, headers: ["Authorization": "Bearer secret"])
      #expect(right.code == 200)

      server.send(SIGTERM)
      #expect(await server.termination() == .exited(0))
      #expect(await server.output() == "")
      let errors = await server.errors()
      #expect(errors == "MCP endpoint: \(server.url.absoluteString)\n", "\(errors)")
    }
  }

  @Test("a port in use fails with status 1 and one line naming the port; SIGINT stops the server with status 0")
  func portInUseAndSIGINT() async throws {
    try await DemoFixtures.withDirectory { directory in
      let server = try await startServer(data: directory)
      defer { server.killNow() }
      let weather = try #require(try await client("weather", server.url, token: "unused")["result"])
      #expect(weather["isError"] == false, "without --token the server takes any request")

      let second = try await DemoProcess.run(["mcp", "--http", "\(server.port)", "--data", directory.path])
      #expect(second.status == 1)
      #expect(second.output == "")
      #expect(
        second.errors.hasPrefix("agentskill-demo: cannot serve MCP on port \(server.port): "), "\(second.errors)")
      #expect(second.errors.hasSuffix(". Pick another port, or --http 0 for a free one.\n"), "\(second.errors)")
      #expect(second.errors.split(separator: "\n").count == 1, "\(second.errors)")

      server.send(SIGINT)
      #expect(await server.termination() == .exited(0))
    }
  }
}

import AgentSkillLLM
import Foundation
import Testing

/// `agentskill-demo mcp` driven by the official MCP Python SDK's client (Fixtures/sdk_client.py): the real
/// executable, a temporary data directory and a fixed "now" (Friday 2026-03-06 10:00 +08:00).
@Suite("agentskill-demo mcp against the official Python SDK's client (subprocess)", .timeLimit(.minutes(5)))
struct DemoServerSDKClientTests {
  /// What the client printed for a scenario, and the server's and the client's standard error.
  private struct Run {
    let output: JSONValue
    let errors: String
  }

  /// Runs `sdk_client.py --mode MODE SCENARIO agentskill-demo mcp --data DIR --now … [extra]`: `legacy` (the
  /// initialize handshake) or `auto` (the server/discover probe, then revision 2026-07-28).
  private func client(
    _ scenario: String, mode: String = "legacy", extra: [String] = [], data directory: URL
  ) async throws -> Run {
    let python = try await DemoPython.require()
    let demo = try DemoProcess.executable()
    let result = try await DemoProcess.runCommand(
      python,
      [
        DemoPython.fixture("sdk_client.py"), "--mode", mode, scenario, demo.path, "mcp", "--data", directory.path,
        "--now",
        DemoFixtures.nowArgument,
      ] + extra)
    #expect(result.status == 0, "\(scenario): \(result.errors)")
    let line = result.output.split(separator: "\n").last.map(String.init) ?? ""
    return Run(output: try JSONValue(parsing: line), errors: result.errors)
  }

  @Test("tools/list names the server and lists its tools sorted; creating one is destructive; weather has a schema")
  func listTools() async throws {
    try await DemoFixtures.withDirectory { directory in
      let run = try await client("list", data: directory)
      #expect(run.output["server"] == "agentskill-demo")
      #expect(run.output["protocolVersion"] == "2025-11-25")
      #expect(run.output["tools"] == ["create_reminder", "ledger_query", "list_reminders", "weather"])
      #expect(run.output["required"]?["weather"] == ["city"])
      #expect(run.output["required"]?["ledger_query"] == ["from", "to"])
      #expect(run.output["destructive"] == ["create_reminder"])
      #expect(run.output["outputSchemas"]?["weather"]?["required"]?.arrayValue?.contains("high") == true)
    }
  }

  @Test("weather answers with the summary, the card as text, and the forecast as structured content")
  func weather() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try #require(try await client("weather", data: directory).output["result"])
      #expect(result["isError"] == false)
      #expect(result["text"]?[0]?.stringValue?.hasPrefix("北京今天多云，0~11°C，西北风 3 级") == true)
      #expect(result["text"]?[1]?.stringValue?.contains("湿度            43%") == true)
      #expect(result["structured"]?["city"] == "Beijing")
      #expect(result["structured"]?["date"] == "2026-03-06")
      #expect(result["structured"]?["high"] == 11)
    }
  }

  @Test("invalid arguments answer isError with what to fix; the server keeps serving")
  func invalidArguments() async throws {
    try await DemoFixtures.withDirectory { directory in
      let output = try await client("invalid", data: directory).output
      #expect(output["result"]?["isError"] == true)
      let text = output["result"]?["text"]?[0]?.stringValue ?? ""
      #expect(text.contains("/city: \"Atlantis\" is not supported; supported: 北京, 上海"))
      #expect(text.contains("Fix these arguments and call \"weather\" again."))
      #expect(output["after"]?["isError"] == false)
      #expect(output["after"]?["text"]?[0]?.stringValue?.hasPrefix("Shanghai today: ") == true)
    }
  }

  @Test("an unknown tool is the JSON-RPC error -32602 naming the available tools")
  func unknownTool() async throws {
    try await DemoFixtures.withDirectory { directory in
      let output = try await client("unknown", data: directory).output
      #expect(output["result"] == nil)
      #expect(output["error"]?["code"] == -32602)
      #expect(
        output["error"]?["message"]
          == "Unknown tool: no_such_tool. Available tools: ledger_query, weather, create_reminder, list_reminders.")
    }
  }

  @Test("ledger_query reports progress 0.5 then 1.0, in order, before its result")
  func progress() async throws {
    try await DemoFixtures.withDirectory { directory in
      let output = try await client("progress", data: directory).output
      #expect(output["progress"] == [[0.5, 1.0], [1.0, 1.0]])
      #expect(output["result"]?["isError"] == false)
      #expect(output["result"]?["text"]?[0]?.stringValue?.hasPrefix("3月2日—3月6日共 23 笔支出") == true)
    }
  }

  @Test("--trace writes every message received and sent to standard error; stdout carries only the protocol")
  func trace() async throws {
    try await DemoFixtures.withDirectory { directory in
      let run = try await client("weather", extra: ["--trace"], data: directory)
      #expect(run.output["result"]?["isError"] == false)
      let lines = run.errors.split(separator: "\n").filter { $0.hasPrefix("mcp ") }
      #expect(lines.first?.hasPrefix("mcp <- ") == true, "\(lines)")
      #expect(lines.first?.contains(#""method":"initialize""#) == true, "\(lines)")
      #expect(lines.contains { $0.hasPrefix("mcp -> ") && $0.contains(#""result":{"protocolVersion":"2025-11-25""#) })
      #expect(lines.contains { $0.hasPrefix("mcp <- ") && $0.contains(#""method":"notifications/initialized""#) })
      #expect(lines.contains { $0.hasPrefix("mcp <- ") && $0.contains(#""name":"weather""#) })
      #expect(lines.contains { $0.hasPrefix("mcp -> ") && $0.contains("北京今天多云") })
      #expect(lines.last?.hasPrefix("mcp -- closed: ") == true)
      // Without --trace, nothing is traced.
      let quiet = try await client("weather", data: directory)
      #expect(!quiet.errors.contains("mcp <- "))
    }
  }

  @Test("creating a reminder asks the client to confirm; accepted, it is saved")
  func reminderAccepted() async throws {
    try await DemoFixtures.withDirectory { directory in
      let output = try await client("reminder-accept", data: directory).output
      #expect(output["elicitations"]?.arrayValue?.count == 1)
      #expect(output["elicitations"]?[0]?.stringValue?.contains(#""title":"call mom""#) == true)
      #expect(output["result"]?["isError"] == false)
      #expect(output["result"]?["text"]?[0] == "Reminder set for tomorrow 09:00: call mom.")
      #expect(output["reminders"]?[0] == "You have 1 upcoming reminder: tomorrow 09:00 call mom.")
    }
  }

  @Test("declined, nothing is saved and the result says not to retry")
  func reminderDeclined() async throws {
    try await DemoFixtures.withDirectory { directory in
      let output = try await client("reminder-decline", data: directory).output
      #expect(output["elicitations"]?.arrayValue?.count == 1)
      #expect(output["result"]?["isError"] == true)
      #expect(output["result"]?["text"]?[0] == #"The user did not confirm "create_reminder" (decline). Do not retry."#)
      #expect(output["reminders"]?[0] == "You have no upcoming reminders.")
    }
  }

  @Test("a client without elicitation is told confirmation is required; nothing is saved")
  func reminderWithoutElicitation() async throws {
    try await DemoFixtures.withDirectory { directory in
      let output = try await client("reminder-unconfirmable", data: directory).output
      #expect(output["elicitations"] == [])
      #expect(output["result"]?["isError"] == true)
      let text = output["result"]?["text"]?[0]?.stringValue ?? ""
      #expect(text.contains("requires the user's confirmation, and this client cannot ask"))
      #expect(output["reminders"]?[0] == "You have no upcoming reminders.")
    }
  }

  @Test("the SDK client in auto mode speaks 2026-07-28: sorted tools, confirmation by input_required, --trace shows it")
  func modernEra() async throws {
    try await DemoFixtures.withDirectory { directory in
      let run = try await client("reminder-accept", mode: "auto", extra: ["--trace"], data: directory)
      #expect(run.output["protocolVersion"] == "2026-07-28")
      #expect(run.output["elicitations"]?.arrayValue?.count == 1)
      #expect(run.output["result"]?["text"]?[0] == "Reminder set for tomorrow 09:00: call mom.")
      #expect(run.output["reminders"]?[0] == "You have 1 upcoming reminder: tomorrow 09:00 call mom.")
      let lines = run.errors.split(separator: "\n").filter { $0.hasPrefix("mcp ") }
      if ProcessInfo.processInfo.environment["AGENTSKILL_MCP_TRANSCRIPT"] != nil {
        FileHandle.standardError.write(
          Data(("== SDK 2.3.0 client (auto) <-> agentskill-demo mcp\n" + lines.joined(separator: "\n") + "\n").utf8))
      }
      #expect(lines.first?.contains(#""method":"server/discover""#) == true, "\(lines)")
      #expect(!lines.contains { $0.contains(#""method":"initialize""#) })
      #expect(lines.contains { $0.hasPrefix("mcp -> ") && $0.contains(#""resultType":"input_required""#) })
      #expect(lines.contains { $0.hasPrefix("mcp <- ") && $0.contains(#""inputResponses""#) })

      let unconfirmable = try await client("reminder-unconfirmable", mode: "auto", data: directory).output
      #expect(unconfirmable["error"]?["code"] == -32021)
      #expect(unconfirmable["reminders"]?[0] == "You have 1 upcoming reminder: tomorrow 09:00 call mom.")
    }
  }
}

import Foundation
import Testing

/// `agentskill-demo --mcp "COMMAND ARGS"`: the assistant (offline model, fixed "now") with the tools of a server
/// built with the official Python SDK (Fixtures/calc_server.py, named "calc server").
@Suite("agentskill-demo --mcp with a server built with the official Python SDK (subprocess)", .timeLimit(.minutes(5)))
struct DemoMCPOptionTests {
  /// `--mcp` for the calc server fixture.
  private func calcServer() async throws -> String {
    let python = try await DemoPython.require()
    return "'\(python)' '\(DemoPython.fixture("calc_server.py"))'"
  }

  private func assistant(_ arguments: [String], data directory: URL) async throws -> DemoProcess.Result {
    try await DemoProcess.run(["--data", directory.path, "--now", DemoFixtures.nowArgument] + arguments)
  }

  @Test("the assistant answers through the server's tool, named calc_server_add; built-in skills still answer")
  func answersThroughServerTool() async throws {
    try await DemoFixtures.withDirectory { directory in
      let timeline = directory.appendingPathComponent("timeline.json")
      let result = try await assistant(
        [
          "--mcp", try await calcServer(), "--ask", "please add 19 and 23", "--ask", "北京天气怎么样",
          "--timeline", timeline.path,
        ],
        data: directory)
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.errors.contains("mcp: calc server 1.0.0 ("))
      #expect(result.errors.contains("): calc_server_add, calc_server_multiply"))
      let output = result.output
      #expect(output.contains("› please add 19 and 23\n"))
      #expect(output.contains("· executing: add\n"))
      #expect(output.contains("\n42\n"), "\(output)")
      #expect(output.contains("北京今天多云，0~11°C"))
      let recorded = String(decoding: try Data(contentsOf: timeline), as: UTF8.self)
      #expect(recorded.contains("calc_server_add"))
      #expect(!recorded.contains("calc_server_multiply\""))
    }
  }

  @Test("two servers with the same name get different prefixes")
  func samePrefixTwice() async throws {
    try await DemoFixtures.withDirectory { directory in
      let server = try await calcServer()
      let result = try await assistant(
        ["--mcp", server, "--mcp", server, "--ask", "multiply 6 by 7"], data: directory)
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.errors.contains("): calc_server_add, calc_server_multiply\n"))
      #expect(result.errors.contains("): calc_server_2_add, calc_server_2_multiply\n"))
      #expect(result.output.contains("\n42\n"), "\(result.output)")
    }
  }

  @Test("a server that cannot start fails the run with an error naming its command")
  func serverDoesNotStart() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await assistant(["--mcp", "no-such-mcp-server --port 1", "--ask", "hi"], data: directory)
      #expect(result.status == 1)
      #expect(
        result.errors.contains(
          #"agentskill-demo: --mcp "no-such-mcp-server --port 1": The MCP server "no-such-mcp-server --port 1" "#
            + #"could not be started: no executable named "no-such-mcp-server" was found in PATH."#),
        "\(result.errors)")
      #expect(result.output.isEmpty)
    }
  }

  @Test("a server that exits at once fails the run with its command, its exit status and its last log line")
  func serverExits() async throws {
    try await DemoFixtures.withDirectory { directory in
      let result = try await assistant(
        ["--mcp", "sh -c 'echo no config found >&2; exit 3'", "--ask", "hi"], data: directory)
      #expect(result.status == 1)
      #expect(result.errors.contains(#"agentskill-demo: --mcp "sh -c 'echo no config found >&2; exit 3'": "#))
      #expect(result.errors.contains("is not connected: it exited with status 3."), "\(result.errors)")
      #expect(result.errors.contains("Its last log lines:\n  no config found"))
    }
  }
}

import Foundation
import Testing

@Suite("agentskill-demo command line (subprocess)", .timeLimit(.minutes(5)))
struct CommandLineTests {
  @Test("help prints the usage and succeeds")
  func help() async throws {
    for arguments in [["help"], ["--help"], ["-h"]] {
      let result = try await DemoProcess.run(arguments)
      #expect(result.status == 0)
      #expect(result.output.contains("usage: agentskill-demo [assistant] [options]"))
      #expect(result.output.contains("--base-url URL"))
      #expect(result.output.contains("agentskill-demo mcp [--data DIR] [--now TIME] [--trace]"))
      #expect(result.output.contains("agentskill-demo mcp --http PORT [--token TOKEN] [--data DIR] [--now TIME]"))
      #expect(result.output.contains("agentskill-demo mcp --http 8123 --token secret"))
    }
  }

  static let badArguments: [([String], String)] = [
    (["--ask"], "--ask needs a value"),
    (["--frobnicate"], "unknown option '--frobnicate'"),
    (["bogus"], "unknown command 'bogus'"),
    (["--now", "tomorrow"], "--now needs an RFC 3339 time"),
    (["--provider", "gemini"], "unknown provider 'gemini'"),
    (["--base-url", "localhost:11434"], "--base-url must be an http(s) URL"),
    (["--base-url", "http://localhost:11434/v1"], "no model: pass --model NAME"),
    (["--provider", "anthropic"], "--provider anthropic needs an API key"),
    (["--provider", "openai-responses"], "--provider openai-responses needs an API key"),
    (["timeline", "x.json"], "timeline needs --html OUT"),
    (["messages", "--ask", "hi"], "--ask does not apply to 'messages'"),
    (["mcp", "--ask", "hi"], "--ask does not apply to 'mcp'"),
    (["mcp", "extra"], "unexpected argument 'extra'"),
    (["--trace", "--ask", "hi"], "--trace applies to 'mcp' only"),
    (["--mcp", "sh -c 'oops"], "--mcp: the quote (') in \"sh -c 'oops\" is not closed"),
    (["--mcp", "  "], "--mcp needs the command that starts an MCP server"),
    (["mcp", "--mcp", "python3 server.py"], "--mcp does not apply to 'mcp'"),
    (["mcp", "--http"], "--http needs a value, e.g. --http 8123"),
    (["mcp", "--http", "port"], "--http needs a port number from 0 to 65535 (0 picks a free one), e.g. --http 8123"),
    (["mcp", "--http", "65536"], "--http needs a port number from 0 to 65535"),
    (["mcp", "--http=-1"], "--http needs a port number from 0 to 65535"),
    (["mcp", "--token", "secret"], "--token applies to 'mcp --http' only, e.g. agentskill-demo mcp --http 8123"),
    (["mcp", "--http", "0", "--token="], "--token needs visible ASCII characters without spaces"),
    (["mcp", "--http", "0", "--token", "two words"], "--token needs visible ASCII characters without spaces"),
    (["mcp", "--http", "0", "--trace"], "--trace applies to 'mcp' over stdio only; drop it, or drop --http"),
    (["--http", "8123"], "--http applies to 'mcp' only"),
    (["--token", "secret", "--ask", "hi"], "--token applies to 'mcp' only"),
    (["messages", "--http", "8123"], "--http does not apply to 'messages'"),
    (["timeline", "x.json", "--html", "o.html", "--http", "8123"], "--http does not apply to 'timeline'"),
    (["eval"], "eval needs one file of cases: agentskill-demo eval cases.jsonl"),
    (["eval", "cases.jsonl", "--ask", "hi"], "--ask does not apply to 'eval'"),
    (["eval", "cases.jsonl", "--runs", "0"], "--runs needs a number from 1 to 100, e.g. --runs 3"),
    (["--report", "r.json", "--ask", "hi"], "--report applies to 'eval' only"),
    (["--bfcl", "core", "--ask", "hi"], "--bfcl applies to 'eval' only"),
    (["eval", "--bfcl", "simple,jokes"], "--bfcl: unknown category 'jokes'; use all, core, simple, multiple"),
    (
      ["eval", "cases.jsonl", "--bfcl", "core"], "eval --bfcl takes no file of cases: agentskill-demo eval --bfcl core"
    ),
    (["eval", "cases.jsonl", "--limit", "5"], "--limit applies to 'eval --bfcl' only"),
    (["eval", "--bfcl", "core", "--limit", "0"], "--limit needs a number greater than 0, e.g. --limit 50"),
  ]

  @Test("bad flags exit with 2 and say what to type", arguments: badArguments)
  func mistakes(arguments: [String], message: String) async throws {
    let result = try await DemoProcess.run(arguments)
    #expect(result.status == 2, "\(arguments)")
    #expect(result.errors.contains(message), "\(result.errors)")
    #expect(result.errors.contains("usage: agentskill-demo"))
  }

  @Test("model settings come from the environment too, and keys never appear in output")
  func environmentModel() async throws {
    let result = try await DemoProcess.run(
      ["--ask", "hi"],
      environment: ["AGENTSKILL_BASE_URL": "http://localhost:1/v1", "AGENTSKILL_API_KEY": "sk-secret-123"])
    #expect(result.status == 2)
    #expect(result.errors.contains("AGENTSKILL_MODEL"))
    #expect(!result.errors.contains("sk-secret-123") && !result.output.contains("sk-secret-123"))
  }

  @Test("timeline reports unreadable input")
  func timelineErrors() async throws {
    try await DemoFixtures.withDirectory { directory in
      let missing = try await DemoProcess.run(
        [
          "timeline", directory.appendingPathComponent("none.json").path, "--html",
          directory.appendingPathComponent("o.html").path,
        ])
      #expect(missing.status == 1)
      #expect(missing.errors.contains("cannot read"))
      let notTimeline = directory.appendingPathComponent("x.json")
      try Data("{}".utf8).write(to: notTimeline)
      let wrong = try await DemoProcess.run([
        "timeline", notTimeline.path, "--html", directory.appendingPathComponent("o.html").path,
      ])
      #expect(wrong.status == 1)
      #expect(wrong.errors.contains("is not an exported timeline"))
    }
  }

  @Test("the message-list scenario still runs")
  func messages() async throws {
    let result = try await DemoProcess.run(["messages"])
    #expect(result.status == 0)
  }
}

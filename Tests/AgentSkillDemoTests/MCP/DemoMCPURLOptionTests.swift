import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `agentskill-demo --mcp-url URL`: the assistant with the tools of a remote server that asks for OAuth — the
/// protected server and auto-approving authorization server built with the official Python SDK's `mcp.server.auth`
/// (Tests/AgentSkillMCPTests/Fixtures/oauth_server.py). `$BROWSER` names a command that fetches the sign-in URL,
/// standing in for the user approving in a browser; the redirect reaches the demo's 127.0.0.1 listener.
@Suite("agentskill-demo --mcp-url with OAuth against the official Python SDK (subprocess)", .timeLimit(.minutes(5)))
struct DemoMCPURLOptionTests {
  @Test("the demo prints the sign-in URL, receives the redirect on loopback, and answers through the remote tool")
  func signsInAndAnswers() async throws {
    let python = try await DemoPython.require()
    let fixture = DemoPython.packageRoot.appendingPathComponent("Tests/AgentSkillMCPTests/Fixtures/oauth_server.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [python, fixture.path, "--http", "0"]
    let output = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = input
    try process.run()
    defer { kill(process.processIdentifier, SIGKILL) }
    let handle = output.fileHandleForReading
    let firstLine: String = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        var text = ""
        while !text.contains("\n"), case let data = handle.availableData, !data.isEmpty {
          text += String(decoding: data, as: UTF8.self)
        }
        continuation.resume(returning: text)
      }
    }
    let port = try #require(Int(firstLine.trimmingCharacters(in: .whitespacesAndNewlines)))
    let url = "http://127.0.0.1:\(port)/mcp"
    try await DemoFixtures.withDirectory { directory in
      let browser = "'\(python)' -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1]).read()'"
      let result = try await DemoProcess.run(
        [
          "--data", directory.path, "--now", DemoFixtures.nowArgument, "--mcp-url", url, "--ask",
          "please add 19 and 23",
        ],
        environment: ["BROWSER": browser])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.errors.contains("mcp: \(url) asks you to sign in; open this URL in a browser:\n"))
      #expect(result.errors.contains("  http://127.0.0.1:\(port)/authorize?response_type=code&client_id="))
      #expect(result.errors.contains("mcp: oauth-calc 1.0.0 (\(url)): oauth_calc_add"), "\(result.errors)")
      #expect(result.output.contains("\n42\n"), "\(result.output)")
      // The fixture's tokens are "at-" or "rt-" and 32 URL-safe characters.
      #expect(!(result.errors + result.output).contains(/[ar]t-[A-Za-z0-9_-]{32}/), "a token reached the terminal")
    }
  }

  @Test("--mcp-url needs an http or https URL")
  func rejectsOtherURLs() async throws {
    let result = try await DemoProcess.run(["--mcp-url", "ftp://example.com/mcp", "--ask", "hi"])
    #expect(result.status != 0)
    #expect(result.errors.contains("--mcp-url needs an http or https URL of an MCP endpoint"), "\(result.errors)")
  }
}

import AgentSkill
import AgentSkillLLM
import Foundation

@testable import AgentSkillMCP

/// A client whose every message is recorded, to check what went over the wire (and to print a transcript).
struct TracedClient {
  let client: MCPClient
  let trace: LockIsolated<[MCPTraceEvent]>

  /// Connects to `transport`, recording the messages.
  static func connect(_ transport: MCPTransport, options: MCPClient.Options) async throws -> TracedClient {
    let trace = LockIsolated<[MCPTraceEvent]>([])
    let base: any MessageChannel
    switch transport.kind {
    case .process(let launch): base = try ProcessChannel(launch)
    case .http(let endpoint): base = HTTPChannel(endpoint)
    }
    let channel = TracingChannel(base) { event in trace.withValue { $0.append(event) } }
    let client = try await MCPClient.connect(over: channel, transport: transport, options: options)
    return TracedClient(client: client, trace: trace)
  }

  /// The messages sent, parsed.
  var sent: [JSONValue] {
    trace.value.compactMap { event in
      guard case .sent(let line) = event else { return nil }
      return try? JSONValue(parsing: line)
    }
  }

  /// The methods of the requests and notifications sent, in order.
  var sentMethods: [String] { sent.compactMap { $0["method"]?.stringValue } }

  /// The transcript, one line a message; with `AGENTSKILL_MCP_TRANSCRIPT` set, also written to standard error.
  func transcript(_ title: String) -> String {
    let text = "== \(title)\n" + trace.value.map(\.description).joined(separator: "\n")
    if ProcessInfo.processInfo.environment["AGENTSKILL_MCP_TRANSCRIPT"] != nil {
      FileHandle.standardError.write(Data((text + "\n").utf8))
    }
    return text
  }
}

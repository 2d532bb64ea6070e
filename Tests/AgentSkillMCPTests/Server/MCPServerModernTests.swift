import AgentSkill
import AgentSkillLLM
import Foundation
import Testing

@testable import AgentSkillMCP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Our server's answers to modern (2026-07-28) requests over loopback HTTP, byte by byte: discovery, the errors the
/// revision defines, deterministic tool order, and confirmation as an `input_required` result.
@Suite("MCP server: stateless requests of revision 2026-07-28", .timeLimit(.minutes(2)))
struct MCPServerModernTests {
  private static let meta: JSONValue = [
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": ["elicitation": ["form": [:]]],
  ]

  /// POSTs one request; returns the status and the JSON-RPC message (from a JSON body or the event stream).
  private func post(
    _ url: URL, method: String, params: JSONValue, headers: [String: String]? = nil
  ) async throws -> (status: Int, message: JSONValue) {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.httpBody = Data(
      JSONValue.object(["jsonrpc": "2.0", "id": 7, "method": .string(method), "params": params]).rendered().utf8)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json, text/event-stream", forHTTPHeaderField: "Accept")
    let sent =
      headers
      ?? [
        "MCP-Protocol-Version": params["_meta"]?["io.modelcontextprotocol/protocolVersion"]?.stringValue ?? "",
        "Mcp-Method": method,
      ].merging(params["name"]?.stringValue.map { ["Mcp-Name": $0] } ?? [:]) { first, _ in first }
    for (name, value) in sent { request.setValue(value, forHTTPHeaderField: name) }
    request.timeoutInterval = 30
    let (data, response) = try await URLSession.shared.data(for: request)
    let text = String(decoding: data, as: UTF8.self)
    let body = text.split(separator: "\n").first { $0.hasPrefix("data: ") }.map { String($0.dropFirst(6)) } ?? text
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, try JSONValue(parsing: body))
  }

  @Test("discover, sorted tools with cache hints, confirmation by input_required, and the revision's errors")
  func modernRequests() async throws {
    let http = try MCPHTTPServer(
      MCPServer(name: "agentskill-test", version: "1.0.0", registry: try await makeServedRegistry()))
    defer { Task { await http.stop() } }

    let discovered = try await post(http.url, method: "server/discover", params: ["_meta": Self.meta])
    #expect(discovered.status == 200)
    #expect(discovered.message["result"]?["supportedVersions"] == ["2026-07-28"])
    #expect(discovered.message["result"]?["resultType"] == "complete")
    #expect(discovered.message["result"]?["_meta"]?["io.modelcontextprotocol/serverInfo"]?["name"] == "agentskill-test")

    let listed = try await post(http.url, method: "tools/list", params: ["_meta": Self.meta])
    #expect(
      listed.message["result"]?["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == [
        "echo", "reminder_create", "weather",
      ])
    #expect(listed.message["result"]?["ttlMs"] == 0)
    #expect(listed.message["result"]?["cacheScope"] == "public")

    let call: JSONValue = ["name": "reminder_create", "arguments": ["title": "开会"], "_meta": Self.meta]
    let asked = try await post(http.url, method: "tools/call", params: call)
    let result = try #require(asked.message["result"])
    #expect(result["resultType"] == "input_required")
    #expect(result["inputRequests"]?["confirm"]?["method"] == "elicitation/create")
    #expect(result["inputRequests"]?["confirm"]?["params"]?["mode"] == "form")
    let state = try #require(result["requestState"])
    var retry = call.objectValue ?? [:]
    retry["inputResponses"] = ["confirm": ["action": "accept", "content": [:]]]
    retry["requestState"] = state
    let confirmed = try await post(http.url, method: "tools/call", params: .object(retry))
    #expect(confirmed.message["result"]?["resultType"] == "complete")
    #expect(confirmed.message["result"]?["content"]?[0]?["text"] == "已创建提醒：开会")
    // An answer given for other arguments is not taken: the server asks again.
    retry["arguments"] = ["title": "别的"]
    let other = try await post(http.url, method: "tools/call", params: .object(retry))
    #expect(other.message["result"]?["resultType"] == "input_required")

    let noElicitation: JSONValue = [
      "name": "reminder_create", "arguments": ["title": "开会"],
      "_meta": [
        "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": [:],
      ],
    ]
    let refused = try await post(http.url, method: "tools/call", params: noElicitation)
    #expect(refused.status == 400)
    #expect(refused.message["error"]?["code"] == -32021)
    #expect(refused.message["error"]?["data"]?["requiredCapabilities"]?["elicitation"] != nil)

    let future: JSONValue = [
      "_meta": [
        "io.modelcontextprotocol/protocolVersion": "2099-01-01", "io.modelcontextprotocol/clientCapabilities": [:],
      ]
    ]
    let unsupported = try await post(http.url, method: "tools/list", params: future)
    #expect(unsupported.status == 400)
    #expect(unsupported.message["error"]?["code"] == -32022)
    #expect(unsupported.message["error"]?["data"]?["supported"]?[0] == "2026-07-28")

    let mismatch = try await post(
      http.url, method: "tools/list", params: ["_meta": Self.meta],
      headers: ["MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call"])
    #expect(mismatch.status == 400)
    #expect(mismatch.message["error"]?["code"] == -32020)

    let unknown = try await post(http.url, method: "resources/list", params: ["_meta": Self.meta])
    #expect(unknown.status == 404)
    #expect(unknown.message["error"]?["code"] == -32601)
    #expect(http.sessionCount == 0)
  }
}

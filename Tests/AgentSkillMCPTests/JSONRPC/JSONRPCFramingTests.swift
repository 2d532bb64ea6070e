import AgentSkillLLM
import Testing

@testable import AgentSkillMCP

@Suite("JSON-RPC framing", .timeLimit(.minutes(5)))
struct JSONRPCFramingTests {
  private func decode(_ text: String) -> [JSONRPCLine.Item] {
    JSONRPCLine.decode(Array(text.utf8))
  }

  @Test("requests, notifications, results and errors round-trip through a line")
  func roundTrip() throws {
    let messages: [JSONRPCMessage] = [
      .request(id: 1, method: "tools/call", params: ["name": "add", "arguments": ["a": 2]]),
      .request(id: "abc", method: "ping", params: nil),
      .notification(method: "notifications/initialized", params: nil),
      .result(id: 7, result: ["tools": []]),
      .error(id: nil, error: JSONRPCError(code: JSONRPCError.parseError, message: "bad")),
      .error(id: 3, error: JSONRPCError(code: -32602, message: "Unknown tool", data: ["tool": "x"])),
    ]
    for message in messages {
      let line = JSONRPCLine.encode(message)
      #expect(line.last == UInt8(ascii: "\n"))
      #expect(!line.dropLast().contains(UInt8(ascii: "\n")))
      #expect(JSONRPCLine.decode(Array(line.dropLast())) == [.message(message)])
    }
  }

  @Test("ids of every JSON type: strings and integers are accepted, the rest rejected")
  func idsOfEveryType() {
    #expect(
      decode(#"{"jsonrpc":"2.0","id":"x","method":"ping"}"#) == [
        .message(.request(id: "x", method: "ping", params: nil))
      ])
    #expect(
      decode(#"{"jsonrpc":"2.0","id":-4,"method":"ping"}"#) == [.message(.request(id: -4, method: "ping", params: nil))]
    )
    #expect(
      decode(#"{"jsonrpc":"2.0","id":5.0,"method":"ping"}"#) == [.message(.request(id: 5, method: "ping", params: nil))]
    )
    for bad in ["null", "true", "1.5", "[1]", #"{"a":1}"#] {
      let items = decode(#"{"jsonrpc":"2.0","id":\#(bad),"method":"ping"}"#)
      guard case .invalid(let error) = items.first else {
        Issue.record("id \(bad) was accepted")
        continue
      }
      #expect(error.code == JSONRPCError.invalidRequest)
      #expect(error.message.contains("\"id\""))
    }
    // An error answer to an unreadable request carries "id": null.
    #expect(
      decode(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}"#)
        == [.message(.error(id: nil, error: JSONRPCError(code: -32700, message: "x")))])
  }

  @Test("wrong or missing jsonrpc, bad params and non-objects are invalid requests; bad JSON is a parse error")
  func malformed() {
    let cases = [
      #"{"jsonrpc":"1.0","id":1,"method":"ping"}"#,
      #"{"id":1,"method":"ping"}"#,
      #"{"jsonrpc":"2.0","id":1,"method":"ping","params":"x"}"#,
      #"{"jsonrpc":"2.0","id":1,"method":42}"#,
      #"{"jsonrpc":"2.0","id":1}"#,
      #""hello""#,
      #"{"jsonrpc":"2.0","result":{}}"#,
      "[]",
    ]
    for text in cases {
      guard case .invalid(let error) = decode(text).first else {
        Issue.record("\(text) was accepted")
        continue
      }
      #expect(error.code == JSONRPCError.invalidRequest, "\(text)")
    }
    // The id of an otherwise invalid request is kept so the answer can name it.
    if case .invalid(let error) = decode(#"{"jsonrpc":"1.0","id":9,"method":"ping"}"#).first {
      #expect(error.data?["id"] == 9)
    }
    for text in [#"{"jsonrpc":"2.0","id":1,"method":"ping""#, "not json", #"{"a":1} trailing"#] {
      #expect(decode(text).map(\.isParseError) == [true], "\(text)")
    }
  }

  @Test("a batch array yields one item per element, valid or not")
  func batch() {
    let items = decode(#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"n"},7]"#)
    #expect(items.count == 3)
    #expect(items[0] == .message(.request(id: 1, method: "ping", params: nil)))
    #expect(items[1] == .message(.notification(method: "n", params: nil)))
    #expect(items[2].isParseError == false)
    if case .invalid(let error) = items[2] { #expect(error.code == JSONRPCError.invalidRequest) }
  }

  @Test("partial lines wait for their newline; CRLF and blank lines are handled")
  func partialLines() {
    var framer = LineFramer(maximumLineLength: 100)
    #expect(framer.feed(Array(#"{"a":"#.utf8)).isEmpty)
    #expect(framer.feed(Array("1}\r\n\n  \n{\"b\"".utf8)) == [.line(Array(#"{"a":1}"#.utf8))])
    #expect(framer.feed(Array(":2}\n".utf8)) == [.line(Array(#"{"b":2}"#.utf8))])
    #expect(framer.feed(Array("{\"c\":3}".utf8)).isEmpty)
    #expect(framer.finish() == [.line(Array(#"{"c":3}"#.utf8))])
  }

  @Test("an oversized line is dropped whole and the next line still arrives")
  func oversized() {
    var framer = LineFramer(maximumLineLength: 10)
    #expect(framer.feed(Array(repeating: UInt8(ascii: "x"), count: 25)).isEmpty)
    let events = framer.feed(Array("xxxxx\n{\"ok\":1}\n".utf8))
    #expect(events == [.oversized(bytes: 30), .line(Array(#"{"ok":1}"#.utf8))])
  }

  @Test("protocol versions negotiate down to what both sides speak")
  func versions() {
    #expect(MCPProtocolVersion.negotiate(requested: "2025-06-18") == .revision20250618)
    #expect(MCPProtocolVersion.negotiate(requested: "2025-03-26") == .revision20250326)
    #expect(MCPProtocolVersion.negotiate(requested: "2024-11-05") == .revision20241105)
    #expect(MCPProtocolVersion.negotiate(requested: "2023-01-01") == .latestHandshake)
    #expect(MCPProtocolVersion.revision20241105 < .revision20250618)
    #expect(MCPProtocolVersion.negotiate(requested: "2025-11-25") == .revision20251125)
    // initialize never agrees on a modern revision: those have no handshake.
    #expect(MCPProtocolVersion.negotiate(requested: "2026-07-28") == .revision20251125)
    #expect(MCPProtocolVersion.revision20260728.isModern)
    #expect(!MCPProtocolVersion.revision20251125.isModern)
    #expect(MCPProtocolVersion.supported.first == .latest)
  }

  @Test("content blocks read every kind and keep unknown ones")
  func content() throws {
    let json = try JSONValue(
      parsing: #"""
        {"content":[{"type":"text","text":"hi"},{"type":"image","data":"AAEC","mimeType":"image/png"},
        {"type":"audio","data":"AQ==","mimeType":"audio/wav"},
        {"type":"resource_link","uri":"file:///a","name":"a"},
        {"type":"resource","resource":{"uri":"file:///b","text":"B"}},{"type":"hologram"}],
        "structuredContent":{"n":1},"isError":true}
        """#)
    let result = MCPToolResult(json: json)
    #expect(result.isError)
    #expect(result.structuredContent == ["n": 1])
    #expect(result.content[0] == .text("hi"))
    #expect(result.content[1] == .image(data: .init([0, 1, 2]), mimeType: "image/png"))
    #expect(result.content[2] == .audio(data: .init([1]), mimeType: "audio/wav"))
    #expect(result.content[3] == .resourceLink(uri: "file:///a", name: "a", description: nil, mimeType: nil))
    #expect(result.content[4] == .resource(uri: "file:///b", mimeType: nil, text: "B", blob: nil))
    #expect(result.content[5] == .other(["type": "hologram"]))
    #expect(MCPToolResult(json: result.json) == result)
    #expect(result.text.hasPrefix("hi\n[image image/png, 3 bytes]"))
  }
}

extension JSONRPCLine.Item {
  fileprivate var isParseError: Bool {
    if case .invalid(let error) = self { return error.code == JSONRPCError.parseError }
    return false
  }
}

// MCP's JSON-RPC framing over stdio: the bytes a client writes, cut into lines (`LineFramer`), decoded
// (`JSONRPCLine`), and served by an in-process `MCPServer`.
//
// Contract: whole, byte-at-a-time and random chunking give the same lines and the same decoded messages; a message
// re-encodes to one line that decodes back equal; every complete line is answered — each request (batch elements
// included) with exactly one result or error carrying its id, each malformed message or over-long line with a
// JSON-RPC error (-32700, -32600), notifications and responses with nothing — and everything the server writes
// is one line of valid JSON-RPC: a response of the right shape for the method, `notifications/progress`, or an
// `elicitation/create` request (answered by this harness as a client would). Modern requests (revision 2026-07-28,
// `_meta` naming the revision) get results with `resultType` and the server's name in `_meta` — `server/discover`
// lists the modern revisions, `tools/list` carries cache hints, `tools/call` may answer `input_required` with a
// confirmation request and a `requestState` — or the revision's errors (-32021, -32022). After the client
// disconnects, the server lets go of the connection.
//
// The server is async and reads the registry on the main actor, so libFuzzer runs on a thread of its own
// (`agentskill_fuzz_start_thread`) and the main thread runs the main dispatch queue; an input blocks its thread
// until the server has answered.
import AgentSkill
import AgentSkillLLM
import Dispatch
import Foundation
import FuzzDriver
import FuzzSupport

@testable import AgentSkillMCP

/// The entry point SwiftPM gives this executable: libFuzzer on its own thread, the main queue on this one.
@_cdecl("FuzzMCPFraming_main")
public func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  guard agentskill_fuzz_start_thread(argc, argv) == 0 else { return 1 }
  dispatchMain()
}

/// Checks one input against the contract; libFuzzer records any input that stops the process.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  check(Array(UnsafeRawBufferPointer(start: data, count: size)))
  return 0
}

/// The longest line the server's channel accepts here, small so that over-long lines happen.
let lineLimit = 1024
/// How long one input may wait for the server's answers; far more than they take, under libFuzzer's `-timeout`.
let patience: Double = 3

/// One server for every input, on a registry with plain, validated, confirmed, progress-reporting and disabled
/// skills.
let server: MCPServer = DispatchQueue.main.sync {
  MainActor.assumeIsolated {
    let registry = SkillRegistry()
    do {
      try registry.register(
        ToolSkillOf<EchoInput>(
          id: "echo", description: "Repeats the given text",
          inputSchema: .object(properties: ["text": .string()], required: ["text"])
        ) { input, _ in .text(input.text) })
      try registry.register(
        ToolSkillOf<CityInput>(
          id: "weather", displayName: LocalizedText("天气查询", translations: ["en": "Weather"]),
          description: "Current weather for a city",
          inputSchema: .object(properties: ["city": .string(description: "City name")], required: ["city"]),
          validators: [.allowedValues(["北京", "上海"], at: "/city")]
        ) { input, _ in
          ToolOutput(summary: "\(input.city)今天多云 22°C", display: .keyValues(["城市": input.city, "天气": "多云"]))
        })
      try registry.register(
        ToolSkillOf<EchoInput>(
          id: "reminder_create", description: "Creates a reminder",
          inputSchema: .object(properties: ["text": .string()], required: ["text"]), requiresConfirmation: true
        ) { input, _ in .text("已创建提醒：\(input.text)") })
      try registry.register(
        ToolSkillOf<EchoInput>(
          id: "steps", description: "Reports progress, then fails on the text \"fail\"",
          inputSchema: .object(properties: ["text": .string()], required: ["text"])
        ) { input, context in
          context.reportProgress(0.5)
          if input.text == "fail" { throw CocoaError(.fileNoSuchFile) }
          return .text(input.text)
        })
      try registry.register(
        ToolSkillOf<EchoInput>(
          id: "hidden", description: "Disabled, never listed",
          inputSchema: .object(properties: ["text": .string()], required: ["text"])
        ) { input, _ in .text(input.text) },
        enabled: false)
    } catch {
      fatalError("the fuzz registry does not build: \(error)")
    }
    return MCPServer(
      name: "fuzz", version: "1", registry: registry, environment: SkillEnvironment(), instructions: "Fuzzing.",
      pageSize: 2)
  }
}

struct EchoInput: Decodable, Sendable {
  let text: String
}

struct CityInput: Decodable, Sendable {
  let city: String
}

func check(_ bytes: [UInt8]) {
  var random = SplitMix(seed: bytes)
  let lines = checkFraming(bytes, random: &random)
  checkServer(bytes, lines: lines, random: &random)
}

// MARK: Framing and decoding

/// The framer's events for `bytes` fed in `chunks`, then finished.
func frame(_ chunks: [[UInt8]], limit: Int) -> [LineFramer.Event] {
  var framer = LineFramer(maximumLineLength: limit)
  var events: [LineFramer.Event] = []
  for chunk in chunks { events += framer.feed(chunk) }
  return events + framer.finish()
}

/// Checks that any cutting gives the same lines and messages, and that messages round-trip; returns the lines.
func checkFraming(_ bytes: [UInt8], random: inout SplitMix) -> [LineFramer.Event] {
  for limit in [lineLimit, 16] {
    let whole = frame([bytes], limit: limit)
    // Byte at a time on short inputs (it is slow under ASan); random cuts on every input.
    if bytes.count <= 512 {
      expect(frame(bytes.map { [$0] }, limit: limit) == whole, "byte-at-a-time framing differs (limit \(limit))")
    }
    expect(frame(random.chunks(of: bytes), limit: limit) == whole, "random chunking differs (limit \(limit))")
    for event in whole {
      switch event {
      case .line(let line):
        expect(line.count <= limit, "a line of \(line.count) bytes passed the limit of \(limit)")
        expect(!line.contains(UInt8(ascii: "\n")), "a line holds a newline")
        expect(line.last != UInt8(ascii: "\r"), "a line ends in CR")
        expect(
          line.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }, "a blank line was delivered: \(line)")
      case .oversized(let count):
        expect(count > limit, "a line of \(count) bytes was dropped under the limit of \(limit)")
      }
    }
  }
  let lines = frame([bytes], limit: lineLimit)
  for case .line(let line) in lines {
    let items = JSONRPCLine.decode(line)
    expect(!items.isEmpty, "a line decoded to nothing")
    expect(JSONRPCLine.decode(line) == items, "decoding is not deterministic")
    for item in items {
      switch item {
      case .message(let message):
        let encoded = Array(JSONRPCLine.encode(message))
        expect(encoded.last == UInt8(ascii: "\n"), "an encoded message does not end its line")
        expect(
          !encoded.dropLast().contains(UInt8(ascii: "\n")), "an encoded message spans lines")
        expect(
          JSONRPCLine.decode(Array(encoded.dropLast())) == [.message(message)],
          "\(message) does not read back from \(String(decoding: encoded, as: UTF8.self))")
      case .invalid(let error):
        expect(
          [JSONRPCError.parseError, JSONRPCError.invalidRequest].contains(error.code),
          "a malformed message gives \(error)")
        if error.code == JSONRPCError.parseError { expect(items.count == 1, "a parse error inside a batch") }
      }
    }
  }
  return lines
}

// MARK: Serving

/// A stdio-like channel: the harness delivers the client's lines; what the server sends is recorded (with a tally
/// of answers per id), and each of its requests (`elicitation/create`) is answered at once, as a client that asks
/// its user would.
// Safety: every mutable field is read and written with `condition` locked.
final class FuzzChannel: MessageChannel, @unchecked Sendable {
  let events: AsyncStream<ChannelEvent>
  private let continuation: AsyncStream<ChannelEvent>.Continuation
  private let condition = NSCondition()
  private var sentLines: [[UInt8]] = []
  private var answerCounts: [JSONRPCID?: Int] = [:]
  private let answerKind: Int

  init(answerKind: Int) {
    (events, continuation) = AsyncStream.makeStream(of: ChannelEvent.self)
    self.answerKind = answerKind
  }

  func deliver(_ event: LineFramer.Event) {
    switch event {
    case .line(let line): continuation.yield(.line(line))
    case .oversized(let count): continuation.yield(.oversized(bytes: count))
    }
  }

  func disconnect() {
    continuation.yield(.closed(reason: "the fuzz client disconnected"))
    continuation.finish()
  }

  /// Waits until `done` holds for the answers per id, or the deadline passes; returns whether it holds.
  func wait(until deadline: Date, for done: ([JSONRPCID?: Int]) -> Bool) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while !done(answerCounts) {
      if !condition.wait(until: deadline) { return done(answerCounts) }
    }
    return true
  }

  var sent: [[UInt8]] {
    condition.lock()
    defer { condition.unlock() }
    return sentLines
  }

  func send(_ line: Data) async throws(ChannelClosedError) {
    let bytes = Array(line)
    var answered: JSONRPCID?? = nil
    if let json = try? JSONValue(parsing: line), let message = try? JSONRPCMessage(json: json) {
      switch message {
      case .request(let id, _, _):
        let answers: [JSONRPCMessage] = [
          .result(id: id, result: ["action": "accept", "content": [:]]),
          .result(id: id, result: ["action": "decline"]),
          .error(id: id, error: JSONRPCError(code: -1, message: "The user closed the dialog.")),
          .result(id: id, result: [:]),
        ]
        continuation.yield(.line(Array(JSONRPCLine.encode(answers[answerKind % answers.count]).dropLast())))
      case .result(let id, _): answered = .some(id)
      case .error(let id, _): answered = .some(id)
      case .notification: break
      }
    }
    record(bytes, answering: answered)
  }

  private func record(_ bytes: [UInt8], answering answered: JSONRPCID??) {
    condition.lock()
    sentLines.append(bytes)
    if case .some(let id) = answered { answerCounts[id, default: 0] += 1 }
    condition.broadcast()
    condition.unlock()
  }

  func close() async {
    continuation.finish()
  }
}

/// How many answers one id may get: at least `minimum` (a request the client cancels may go unanswered), at most
/// `maximum`; and the methods asked under it.
struct Expected {
  var minimum = 0
  var maximum = 0
  var methods: Set<String> = []
  var malformed = false
  /// Whether a request under this id named a revision in `_meta` (a modern request).
  var modern = false
  /// Whether a request under this id had none (a session's request).
  var legacy = false
}

func checkServer(_ bytes: [UInt8], lines: [LineFramer.Event], random: inout SplitMix) {
  weak var released: FuzzChannel?
  let finished = DispatchSemaphore(value: 0)
  let deadline = Date(timeIntervalSinceNow: patience)
  var expected: [JSONRPCID?: Expected] = [:]
  do {
    let channel = FuzzChannel(answerKind: random.below(4))
    released = channel
    Task {
      await server.serve(channel) { _ in }
      finished.signal()
    }
    // The client writes its bytes in random pieces without waiting (clients pipeline requests); each line is
    // delivered as soon as the framer completes it, then the harness waits for every answer.
    var framer = LineFramer(maximumLineLength: lineLimit)
    var events: [LineFramer.Event] = []
    func deliver(_ completed: [LineFramer.Event]) {
      for event in completed {
        expectAnswers(to: event, in: &expected)
        channel.deliver(event)
      }
      events += completed
    }
    for chunk in random.chunks(of: bytes) { deliver(framer.feed(chunk)) }
    deliver(framer.finish())
    expect(events == lines, "the server's framing differs from the whole input's")
    let answered = channel.wait(until: deadline) { counts in
      expected.allSatisfy { id, entry in (counts[id] ?? 0) >= entry.minimum }
    }
    expect(answered, "not every request was answered within \(patience) s")
    channel.disconnect()
    expect(
      finished.wait(timeout: .now() + patience) == .success, "the server did not stop after the client disconnected")
    checkSent(channel.sent, expected: expected)
  }
  // The connection (channel, peer, session) is released once serving ends.
  let release = Date(timeIntervalSinceNow: patience)
  while released != nil, Date() < release { usleep(100) }
  expect(released == nil, "the server kept the connection after the client disconnected (a retain cycle)")
}

/// Adds what one line (or over-long line) must get back to `expected`.
func expectAnswers(to event: LineFramer.Event, in expected: inout [JSONRPCID?: Expected]) {
  switch event {
  case .oversized:
    expected[nil, default: Expected()].minimum += 1
    expected[nil, default: Expected()].maximum += 1
    expected[nil, default: Expected()].malformed = true
  case .line(let text):
    for item in JSONRPCLine.decode(text) {
      switch item {
      case .invalid(let error):
        let id = error.data?["id"].flatMap(JSONRPCID.init(json:))
        expected[id, default: Expected()].minimum += 1
        expected[id, default: Expected()].maximum += 1
        expected[id, default: Expected()].malformed = true
      case .message(.request(let id, let method, let params)):
        expected[id, default: Expected()].minimum += 1
        expected[id, default: Expected()].maximum += 1
        expected[id, default: Expected()].methods.insert(method)
        if params?["_meta"]?["io.modelcontextprotocol/protocolVersion"] != nil || method == "server/discover" {
          expected[id, default: Expected()].modern = true
        } else {
          expected[id, default: Expected()].legacy = true
        }
      case .message(.notification("notifications/cancelled", let params)):
        // The request with this id may still be running: the cancellation ends it unanswered. (Only one request
        // per id runs at a time; a second one is refused at once.)
        if let id = params?["requestId"].flatMap(JSONRPCID.init(json:)), var entry = expected[id], entry.minimum > 0 {
          entry.minimum -= 1
          expected[id] = entry
        }
      case .message: break
      }
    }
  }
}

/// Everything the server wrote is one line of valid JSON-RPC, and the answers match the requests.
func checkSent(_ sent: [[UInt8]], expected: [JSONRPCID?: Expected]) {
  var counts: [JSONRPCID?: Int] = [:]
  for line in sent {
    let text = String(decoding: line, as: UTF8.self)
    expect(line.last == UInt8(ascii: "\n") && !line.dropLast().contains(UInt8(ascii: "\n")), "not one line: \(text)")
    guard let json = try? JSONValue(parsing: Data(line)) else {
      expect(false, "the server wrote a line that is not JSON: \(text)")
      return
    }
    let message: JSONRPCMessage
    do {
      message = try JSONRPCMessage(json: json)
    } catch {
      expect(false, "the server wrote an invalid message (\(error)): \(text)")
      return
    }
    switch message {
    case .request(_, let method, _):
      expect(method == "elicitation/create", "the server sent the request \(method)")
    case .notification(let method, let params):
      expect(method == "notifications/progress", "the server sent the notification \(method)")
      expect(params?["progress"]?.doubleValue != nil, "progress without a number: \(text)")
    case .result(let id, let result):
      counts[id, default: 0] += 1
      let entry = expected[id] ?? Expected()
      expect(!entry.methods.isEmpty, "a result for \(id), which no request used: \(text)")
      if entry.methods.count == 1, !entry.malformed, let method = entry.methods.first {
        if entry.modern, !entry.legacy {
          checkModernResult(result, of: method, text: text)
        } else if entry.legacy, !entry.modern {
          checkResult(result, of: method, text: text)
        }
      }
    case .error(let id, let error):
      counts[id, default: 0] += 1
      let entry = expected[id] ?? Expected()
      expect(
        entry.maximum > 0, "an error for \(id.map(String.init(describing:)) ?? "null"), which nothing used: \(text)")
      let codes =
        entry.malformed
        ? [JSONRPCError.parseError, JSONRPCError.invalidRequest] : [JSONRPCError.invalidRequest]
      var requestCodes =
        entry.methods.isEmpty
        ? [] : [JSONRPCError.methodNotFound, JSONRPCError.invalidParams, JSONRPCError.internalError]
      if entry.modern {
        requestCodes += [JSONRPCError.missingRequiredClientCapability, JSONRPCError.unsupportedProtocolVersion]
      }
      expect((codes + requestCodes).contains(error.code), "unexpected error code: \(text)")
      if entry.methods.count == 1, !entry.malformed, let method = entry.methods.first,
        !["ping", "initialize", "server/discover", "tools/list", "tools/call"].contains(method),
        ![JSONRPCError.invalidRequest, JSONRPCError.invalidParams, JSONRPCError.unsupportedProtocolVersion].contains(
          error.code)
      {
        expect(error.code == JSONRPCError.methodNotFound, "an unknown method gives \(text)")
      }
    }
  }
  for (id, entry) in expected {
    let count = counts[id] ?? 0
    expect(
      (entry.minimum...entry.maximum).contains(count),
      "\(count) answers for id \(id.map(String.init(describing:)) ?? "null"), expected \(entry.minimum)...\(entry.maximum)"
    )
  }
  for (id, count) in counts where expected[id] == nil {
    expect(false, "\(count) answers for id \(id.map(String.init(describing:)) ?? "null"), which nothing used")
  }
}

/// A result has the shape its method promises.
func checkResult(_ result: JSONValue, of method: String, text: String) {
  switch method {
  case "ping":
    expect(result == [:], "ping answers \(text)")
  case "initialize":
    expect(
      result["protocolVersion"]?.stringValue.map { MCPProtocolVersion.supported.contains(.init(rawValue: $0)) } == true,
      "initialize answers without a known protocol version: \(text)")
    expect(result["serverInfo"]?["name"] == "fuzz", "initialize answers without serverInfo: \(text)")
    expect(result["capabilities"]?["tools"] != nil, "initialize answers without tools: \(text)")
  case "tools/list":
    let tools = result["tools"]?.arrayValue
    expect(tools.map { $0.count <= 2 } == true, "tools/list answers \(text)")
    for tool in tools ?? [] {
      expect(tool["name"]?.stringValue != nil && tool["inputSchema"]?.objectValue != nil, "a listed tool: \(text)")
      expect(tool["name"] != "hidden", "a disabled tool was listed: \(text)")
    }
  case "tools/call":
    let content = result["content"]?.arrayValue ?? []
    expect(!content.isEmpty && content.allSatisfy { $0["type"]?.stringValue != nil }, "tools/call answers \(text)")
    expect(result["isError"] == nil || result["isError"]?.boolValue != nil, "isError is not a Bool: \(text)")
  default:
    expect(false, "a result for the unknown method \(method): \(text)")
  }
}

/// A modern result has `resultType` and the server's name in `_meta`, and the shape its method promises.
func checkModernResult(_ result: JSONValue, of method: String, text: String) {
  if method == "ping" {
    // Answered by the connection before the server sees it, in either era.
    expect(result == [:], "ping answers \(text)")
    return
  }
  let kind = result["resultType"]?.stringValue
  expect(
    result["_meta"]?["io.modelcontextprotocol/serverInfo"]?["name"] == "fuzz",
    "a modern result without serverInfo: \(text)")
  switch method {
  case "server/discover":
    expect(kind == "complete", "server/discover answers \(text)")
    expect(result["supportedVersions"] == ["2026-07-28"], "server/discover lists \(text)")
    expect(result["capabilities"]?["tools"] != nil, "server/discover answers without tools: \(text)")
  case "tools/list":
    expect(kind == "complete", "tools/list answers \(text)")
    expect(result["ttlMs"]?.intValue.map { $0 >= 0 } == true, "tools/list without ttlMs: \(text)")
    expect(result["cacheScope"] == "public", "tools/list without cacheScope: \(text)")
    let names = (result["tools"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    expect(names == names.sorted(), "tools/list out of order: \(text)")
    checkResult(result, of: method, text: text)
  case "tools/call":
    if kind == "input_required" {
      expect(
        result["inputRequests"]?["confirm"]?["method"] == "elicitation/create",
        "input_required without a confirmation request: \(text)")
      expect(result["requestState"]?.stringValue != nil, "input_required without requestState: \(text)")
    } else {
      expect(kind == "complete", "tools/call answers \(text)")
      checkResult(result, of: method, text: text)
    }
  default:
    expect(false, "a modern result for the unknown method \(method): \(text)")
  }
}

import Foundation
import FuzzDriver
import FuzzSupport

// The loopback server's HTTP/1.x request parser: any bytes give incomplete, a typed rejection with a 4xx/5xx
// status, or a request whose head and body lie inside the buffer; a complete request parses the same from any
// longer buffer (bytes after it do not change it), and every prefix of it is incomplete or the same rejection.
@testable import AgentSkillLLMTesting

/// The entry point SwiftPM gives this executable: runs libFuzzer on ``fuzz(_:_:)``.
@_cdecl("FuzzHTTPRequest_main")
public func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  agentskill_fuzz_main(argc, argv)
}

/// Checks one input against the contract; libFuzzer records any input that stops the process.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  check(bytes)
  return 0
}

/// A request parsed from a buffer: its head fields, body and where it ended.
struct Parsed: Equatable {
  var method: String
  var target: String
  var headers: [String]
  var body: Data
  var end: Int
}

enum Outcome: Equatable {
  case incomplete
  case invalid(Int)
  case complete(Parsed)
}

func parse(_ buffer: [UInt8]) -> Outcome {
  switch HTTPRequestParser.parseHead(buffer) {
  case .incomplete: return .incomplete
  case .invalid(let status, let reason):
    expect((400...599).contains(status) && !reason.isEmpty, "rejection \(status) \(reason)")
    return .invalid(status)
  case .complete(let head, let length):
    expect(length > 0 && length <= buffer.count, "head length \(length) outside the buffer of \(buffer.count)")
    switch HTTPRequestParser.parseBody(buffer, from: length, framing: head.framing) {
    case .incomplete: return .incomplete
    case .invalid(let status, let reason):
      expect((400...599).contains(status) && !reason.isEmpty, "body rejection \(status) \(reason)")
      return .invalid(status)
    case .complete(let body, let end):
      expect(end >= length && end <= buffer.count, "body end \(end) outside the buffer")
      if case .length(let count) = head.framing { expect(body.count == count, "body length differs") }
      let headers = head.headers.map { "\($0.name): \($0.value)" }
      return .complete(Parsed(method: head.method, target: head.target, headers: headers, body: body, end: end))
    }
  }
}

func check(_ bytes: [UInt8]) {
  let whole = parse(bytes)
  guard case .complete(let request) = whole else { return }
  // The request as the server first sees it: every prefix is incomplete until the whole request has arrived.
  var random = SplitMix(seed: bytes)
  for _ in 0..<4 {
    let cut = random.below(request.end)
    let prefix = parse(Array(bytes[..<cut]))
    expect(prefix == .incomplete, "a prefix of \(cut) of \(request.end) bytes is \(prefix), not incomplete")
  }
  expect(parse(Array(bytes[..<request.end])) == whole, "the request alone parses differently")
  expect(parse(bytes + Array("GET / HTTP/1.1\r\n\r\n".utf8)) == whole, "bytes after the request changed it")
}

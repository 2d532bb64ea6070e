import Foundation
import FuzzDriver
import FuzzSupport

// JSONParser: parse, render, parse gives the same value and the same text; and the parser agrees with
// JSONSerialization on what it accepts (everything it accepts, JSONSerialization accepts, apart from the documented
// differences in `documentedDifference`; the reverse does not hold, as JSONSerialization takes trailing commas).
@testable import AgentSkillLLM

/// The entry point SwiftPM gives this executable: runs libFuzzer on ``fuzz(_:_:)``.
@_cdecl("FuzzJSONParser_main")
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

func check(_ bytes: [UInt8]) {
  let ours = Result<JSONValue, JSONParseError>(catching: { () throws(JSONParseError) -> JSONValue in
    try JSONParser.parse(bytes)
  })
  let foundation = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
  switch ours {
  case .success(let value):
    let text = value.renderedBytes()
    guard let again = try? JSONParser.parse(text) else {
      expect(false, "rendered text does not parse: \(String(decoding: text, as: UTF8.self))")
      return
    }
    expect(again == value, "parse(render(v)) != v for \(String(decoding: text, as: UTF8.self))")
    expect(again.renderedBytes() == text, "rendering is not stable: \(String(decoding: text, as: UTF8.self))")
    let pretty = value.renderedBytes(pretty: true)
    expect((try? JSONParser.parse(pretty)) == value, "pretty text does not read back")
    expect(
      (try? JSONSerialization.jsonObject(with: Data(text), options: [.fragmentsAllowed])) != nil
        || documentedDifference(bytes),
      "JSONSerialization rejects our rendering \(String(decoding: text, as: UTF8.self))")
    expect(foundation || documentedDifference(bytes), "accepted, but JSONSerialization rejects it")
  case .failure(let error):
    expect(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside the input")
    // The other direction is not checked: JSONSerialization accepts more than RFC 8259 (trailing commas).
    _ = foundation
  }
  // A prefix parse of a valid text reads the same value.
  if case .success(let value) = ours, let (prefix, end) = try? JSONParser.parsePrefix(bytes) {
    expect(prefix == value, "parsePrefix disagrees with parse")
    expect(end <= bytes.count, "parsePrefix end past the input")
  }
}

/// Inputs where the parser differs from JSONSerialization on purpose: unpaired surrogate escapes read as U+FFFD
/// (JSONSerialization rejects them), only UTF-8 is read (JSONSerialization also reads UTF-16 and UTF-32, which it
/// detects from NUL bytes or a byte-order mark), and integers are kept exactly at any size (JSONSerialization
/// rejects an integer beyond a Double's range, 309 digits or more, as "not representable").
func documentedDifference(_ bytes: [UInt8]) -> Bool {
  if bytes.contains(0) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return true }
  if longestDigitRun(bytes) >= 309 { return true }
  let text = String(decoding: bytes, as: UTF8.self).lowercased()
  return text.contains("\\ud8") || text.contains("\\ud9") || text.contains("\\uda") || text.contains("\\udb")
    || text.contains("\\udc") || text.contains("\\udd") || text.contains("\\ude") || text.contains("\\udf")
}

/// The length of the longest run of ASCII digits in `bytes`.
func longestDigitRun(_ bytes: [UInt8]) -> Int {
  var longest = 0
  var run = 0
  for byte in bytes {
    run = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? run + 1 : 0
    longest = max(longest, run)
  }
  return longest
}

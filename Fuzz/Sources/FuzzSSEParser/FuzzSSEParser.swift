// SSEParser: the same bytes give the same events, last event ID, retry and end state however they are split
// (whole, one byte at a time, random chunks), and an event's data is valid UTF-8 unless it says otherwise.
import AgentSkillLLM
import FuzzDriver
import FuzzSupport

/// The entry point SwiftPM gives this executable: runs libFuzzer on ``fuzz(_:_:)``.
@_cdecl("FuzzSSEParser_main")
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

struct Outcome: Equatable {
  var events: [SSEEvent] = []
  var lastEventID = ""
  var reconnectionTime: Int?
  var discarded = false
}

func run(_ chunks: [[UInt8]]) -> Outcome {
  var parser = SSEParser()
  var outcome = Outcome()
  for chunk in chunks { outcome.events += parser.feed(chunk) }
  outcome.lastEventID = parser.lastEventID
  outcome.reconnectionTime = parser.reconnectionTime
  outcome.discarded = parser.finish()
  // After finish the parser starts a new stream: the same bytes give the same events again (the last event ID
  // is kept across streams, as the standard requires, so it is left out of the comparison).
  var again: [SSEEvent] = []
  for chunk in chunks { again += parser.feed(chunk) }
  let strip = { (events: [SSEEvent]) in
    events.map { SSEEvent(type: $0.type, data: $0.data, containsInvalidUTF8: $0.containsInvalidUTF8) }
  }
  expect(strip(again) == strip(outcome.events), "a finished parser reads the next stream differently")
  return outcome
}

func check(_ bytes: [UInt8]) {
  let whole = run([bytes])
  var random = SplitMix(seed: bytes)
  let chunked = run(random.chunks(of: bytes))
  expect(chunked == whole, "random chunking changed the result")
  if bytes.count <= 256 {
    expect(run(bytes.map { [$0] }) == whole, "byte-at-a-time feeding changed the result")
  }
  for event in whole.events {
    expect(!event.data.utf8.contains(0x0D), "an event's data holds a CR")
    if !event.containsInvalidUTF8 {
      expect(
        !event.data.unicodeScalars.contains("\u{FFFD}") || bytesContainReplacement(bytes),
        "U+FFFD without the invalid-UTF-8 flag")
    }
  }
}

func bytesContainReplacement(_ bytes: [UInt8]) -> Bool {
  bytes.indices.contains { bytes[$0...].starts(with: [0xEF, 0xBF, 0xBD]) }
}

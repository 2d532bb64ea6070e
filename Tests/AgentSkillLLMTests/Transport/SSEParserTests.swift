import Foundation
import Testing

@testable import AgentSkillLLM

@Suite("SSEParser", .timeLimit(.minutes(5)))
struct SSEParserTests {
  /// Parses `bytes` whole, byte by byte and split at every position, and
  /// checks that all ways give the same events; returns them.
  private func parse(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> [SSEEvent] {
    var whole = SSEParser()
    let expected = whole.feed(bytes)
    var single = SSEParser()
    var byByte: [SSEEvent] = []
    for byte in bytes { byByte += single.feed([byte]) }
    #expect(byByte == expected, "byte by byte", sourceLocation: sourceLocation)
    for split in 0...bytes.count {
      var parser = SSEParser()
      let events = parser.feed(bytes[..<split]) + parser.feed(Data(bytes[split...]))
      #expect(events == expected, "split at \(split)", sourceLocation: sourceLocation)
    }
    return expected
  }

  private func parse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [SSEEvent] {
    parse(Array(text.utf8), sourceLocation: sourceLocation)
  }

  @Test func dispatchesOnBlankLine() {
    #expect(parse("data: hello\n\n") == [SSEEvent(data: "hello")])
    #expect(parse("data: hello\n").isEmpty)
  }

  @Test func lineFeedLineEndings() {
    #expect(parse("data: a\n\ndata: b\n\n") == [SSEEvent(data: "a"), SSEEvent(data: "b")])
  }

  @Test func carriageReturnLineEndings() {
    #expect(parse("data: a\r\rdata: b\r\r") == [SSEEvent(data: "a"), SSEEvent(data: "b")])
  }

  @Test func crlfLineEndings() {
    #expect(parse("data: a\r\n\r\ndata: b\r\n\r\n") == [SSEEvent(data: "a"), SSEEvent(data: "b")])
  }

  @Test func mixedLineEndings() {
    #expect(parse("data: a\r\ndata: b\rdata: c\n\r\n") == [SSEEvent(data: "a\nb\nc")])
  }

  @Test func crlfSplitAcrossChunksIsOneLineBreak() {
    var parser = SSEParser()
    #expect(parser.feed(Array("data: a\r".utf8)).isEmpty)
    // The LF completes the CR's line break; it is not a second, blank line.
    #expect(parser.feed(Array("\n".utf8)).isEmpty)
    #expect(parser.feed(Array("\r\n".utf8)) == [SSEEvent(data: "a")])
  }

  @Test func crAtChunkEndFollowedByTextIsALineBreak() {
    var parser = SSEParser()
    #expect(parser.feed(Array("data: a\r".utf8)).isEmpty)
    #expect(parser.feed(Array("data: b\r".utf8)).isEmpty)
    #expect(parser.feed(Array("\r".utf8)) == [SSEEvent(data: "a\nb")])
  }

  @Test func emptyChunkBetweenCRAndLFKeepsTheLineBreakTogether() {
    var parser = SSEParser()
    _ = parser.feed(Array("data: a\r".utf8))
    #expect(parser.feed([UInt8]()).isEmpty)
    #expect(parser.feed(Array("\n\n".utf8)) == [SSEEvent(data: "a")])
  }

  @Test func leadingByteOrderMarkIsIgnored() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("data: x\n\n".utf8)
    #expect(parse(bytes) == [SSEEvent(data: "x")])
  }

  @Test func byteOrderMarkOnlyAtTheStartIsIgnored() {
    // A BOM later in the stream is ordinary text.
    let bytes: [UInt8] = Array("data: a\n\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("data: b\n\n".utf8)
    let events = parse(bytes)
    #expect(events.count == 1)
    #expect(events.first?.data == "a")
  }

  @Test func partialByteOrderMarkIsData() {
    // EF BB followed by something else is not a BOM: the bytes stay (and are invalid UTF-8 here).
    let bytes: [UInt8] = Array("data: ".utf8) + [0xEF, 0xBB] + Array("z\n\n".utf8)
    let events = parse(bytes)
    #expect(events.count == 1)
    #expect(events.first?.containsInvalidUTF8 == true)
    let leading: [UInt8] = [0xEF, 0xBB] + Array("\ndata: y\n\n".utf8)
    #expect(parse(leading) == [SSEEvent(data: "y")])
  }

  @Test func commentLinesAreIgnored() {
    #expect(parse(": keep-alive\ndata: a\n: another\n\n") == [SSEEvent(data: "a")])
    #expect(parse(":\n\n").isEmpty)
  }

  @Test func fieldWithoutColonHasEmptyValue() {
    // `data` alone appends an empty line; two of them give one "\n".
    #expect(parse("data\ndata\n\n") == [SSEEvent(data: "\n")])
    #expect(parse("data\n\n") == [SSEEvent(data: "")])
    // `event` alone resets the type to the default.
    #expect(parse("event\ndata: a\n\n") == [SSEEvent(type: "message", data: "a")])
  }

  @Test func onlyOneLeadingSpaceIsRemoved() {
    #expect(parse("data:  two spaces\n\n") == [SSEEvent(data: " two spaces")])
    #expect(parse("data:no space\n\n") == [SSEEvent(data: "no space")])
    #expect(parse("data:\ttab\n\n") == [SSEEvent(data: "\ttab")])
  }

  @Test func multiLineDataIsJoinedWithLineFeeds() {
    #expect(parse("data: first\ndata: second\ndata:\ndata: fourth\n\n") == [SSEEvent(data: "first\nsecond\n\nfourth")])
  }

  @Test func eventTypeIsSetAndResetAfterDispatch() {
    let events = parse("event: message_start\ndata: 1\n\ndata: 2\n\n")
    #expect(events == [SSEEvent(type: "message_start", data: "1"), SSEEvent(type: "message", data: "2")])
  }

  @Test func eventTypeIsResetEvenWhenNothingIsDispatched() {
    #expect(parse("event: ping\n\ndata: x\n\n") == [SSEEvent(type: "message", data: "x")])
  }

  @Test func idIsKeptAcrossEventsAndIdWithNullIsIgnored() {
    let events = parse("id: 7\ndata: a\n\ndata: b\n\nid: 8\u{0}x\ndata: c\n\nid\ndata: d\n\n")
    #expect(events.map(\.lastEventID) == ["7", "7", "7", ""])
  }

  @Test func retryOnlyWhenAllASCIIDigits() {
    var parser = SSEParser()
    _ = parser.feed(Array("retry: 1500\n".utf8))
    #expect(parser.reconnectionTime == 1500)
    for invalid in ["retry: 15x\n", "retry: -1\n", "retry: \n", "retry: 1.5\n", "retry:  20\n", "retry: ３\n"] {
      _ = parser.feed(Array(invalid.utf8))
      #expect(parser.reconnectionTime == 1500, "\(invalid)")
    }
    _ = parser.feed(Array("retry:0\n".utf8))
    #expect(parser.reconnectionTime == 0)
    _ = parser.feed(Array("retry: 99999999999999999999999\n".utf8))
    #expect(parser.reconnectionTime == 0)
  }

  @Test func unknownFieldsAreIgnored() {
    #expect(parse("foo: bar\ndata: a\nDATA: b\n\n") == [SSEEvent(data: "a")])
  }

  @Test func dataAfterTheLastBlankLineIsDiscardedAtTheEnd() {
    var parser = SSEParser()
    let events = parser.feed(Array("data: complete\n\ndata: partial\n".utf8))
    #expect(events == [SSEEvent(data: "complete")])
    #expect(parser.finish() == true)
    var clean = SSEParser()
    _ = clean.feed(Array("data: complete\n\n".utf8))
    #expect(clean.finish() == false)
  }

  @Test func unterminatedLineIsDiscardedAtTheEnd() {
    var parser = SSEParser()
    #expect(parser.feed(Array("data: no newline".utf8)).isEmpty)
    #expect(parser.finish() == true)
    // The parser is ready for a new stream.
    #expect(parser.feed(Array("data: next\n\n".utf8)) == [SSEEvent(data: "next")])
  }

  @Test func emptyDataDispatchesNothing() {
    #expect(parse("event: x\n\n\n\nid: 3\n\n").isEmpty)
  }

  @Test func colonInValueIsKept() {
    #expect(parse("data: {\"a\": \"b:c\"}\n\n") == [SSEEvent(data: "{\"a\": \"b:c\"}")])
  }

  @Test func multibyteTextSplitAnywhereDecodes() {
    let events = parse("data: 北京今天多云 22 度 🌥\n\n")
    #expect(events == [SSEEvent(data: "北京今天多云 22 度 🌥")])
    #expect(events.first?.containsInvalidUTF8 == false)
  }

  @Test func invalidUTF8IsReplacedAndFlagged() {
    let events = parse(Array("data: a".utf8) + [0xFF, 0xFE] + Array("b\n\n".utf8))
    #expect(events.count == 1)
    #expect(events.first?.data.hasPrefix("a") == true)
    #expect(events.first?.data.contains("\u{FFFD}") == true)
    #expect(events.first?.containsInvalidUTF8 == true)
  }

  @Test(
    arguments: [
      ([0xC3, 0xA9], true),  // é
      ([0xE5, 0x8C, 0x97], true),  // 北
      ([0xF0, 0x9F, 0x8C, 0xA5], true),  // 🌥
      ([0xEF, 0xBF, 0xBD], true),  // U+FFFD itself is valid
      ([0xC0, 0xAF], false),  // overlong
      ([0xC1, 0xBF], false),  // overlong
      ([0xE0, 0x80, 0xAF], false),  // overlong three-byte
      ([0xED, 0xA0, 0x80], false),  // surrogate
      ([0xF0, 0x80, 0x80, 0xAF], false),  // overlong four-byte
      ([0xF4, 0x90, 0x80, 0x80], false),  // above U+10FFFF
      ([0xF5, 0x80, 0x80, 0x80], false),
      ([0xF0, 0x90, 0x80], false),  // truncated, same length as its replacement
      ([0xE5, 0x8C], false),  // truncated
      ([0x80], false),  // lone continuation
      ([0xFF], false),
    ] as [([UInt8], Bool)])
  func utf8ValidityIsFlagged(bytes: [UInt8], valid: Bool) {
    // Long ASCII runs around the sequence: the validator walks past them to reach it.
    let line = Array("data: 0123456789abcdef".utf8) + bytes + Array("0123456789abcdef\n\n".utf8)
    var parser = SSEParser()
    let events = parser.feed(line)
    #expect(events.count == 1)
    #expect(events.first?.containsInvalidUTF8 == !valid)
  }

  @Test func utf8ValidityAgreesWithLosslessDecoding() {
    // Oracle: bytes are valid UTF-8 exactly when decoding them loses nothing.
    // Every lead byte followed by the boundary values of each continuation
    // position; alone and after ASCII.
    let boundaries: [UInt8] = [
      0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4,
      0xF5, 0xFF,
    ]
    var sequences: [[UInt8]] = []
    for lead in UInt8(0)...0xFF {
      for second in boundaries {
        sequences.append([lead, second])
        guard lead >= 0xE0 else { continue }
        for third in boundaries {
          sequences.append([lead, second, third])
          guard lead >= 0xF0, lead <= 0xF5 else { continue }
          for fourth: UInt8 in [0x41, 0x80, 0xBF, 0xC0] { sequences.append([lead, second, third, fourth]) }
        }
      }
    }
    var mismatches: [[UInt8]] = []
    for sequence in sequences {
      let valid = Array(String(decoding: sequence, as: UTF8.self).utf8) == sequence
      if SSEParser.isValidUTF8(sequence) != valid || SSEParser.isValidUTF8([0x61] + sequence) != valid {
        mismatches.append(sequence)
      }
    }
    #expect(mismatches.isEmpty, "first: \(mismatches.prefix(5))")
  }

  @Test func dataSlicesWithNonZeroStartIndexParseLikeTheWhole() {
    // URLSession hands out Data whose indices may not start at 0; chunks of
    // 1 to 7 bytes also cut CRLF pairs and UTF-8 characters apart.
    let data = Data("data: 北京\r\nid: 東京\r\n\r\ndata: 🌥 x\r\n\r\n".utf8)
    let expected = [SSEEvent(data: "北京", lastEventID: "東京"), SSEEvent(data: "🌥 x", lastEventID: "東京")]
    for size in 1...7 {
      var parser = SSEParser()
      var events: [SSEEvent] = []
      for start in stride(from: 0, to: data.count, by: size) {
        events += parser.feed(data[start..<min(start + size, data.count)])
      }
      #expect(events == expected, "chunks of \(size) bytes")
    }
  }

  @Test func sequencesWithoutContiguousStorageParse() {
    var parser = SSEParser()
    #expect(parser.feed(Array("data: a\r".utf8).lazy.map { $0 }).isEmpty)
    #expect(parser.feed(AnySequence("\ndata: é\n\n".utf8)) == [SSEEvent(data: "a\né")])
  }

  @Test func openAIStyleStream() {
    let text = """
      data: {"choices":[{"delta":{"content":"Hi"}}]}

      data: {"choices":[]}

      data: [DONE]


      """
    #expect(parse(text).map(\.data) == [#"{"choices":[{"delta":{"content":"Hi"}}]}"#, #"{"choices":[]}"#, "[DONE]"])
  }

  @Test func largeEventAcrossManyChunks() {
    let payload = String(repeating: "x", count: 100_000)
    var parser = SSEParser()
    var events: [SSEEvent] = []
    let bytes = Array("data: \(payload)\n\n".utf8)
    var offset = 0
    while offset < bytes.count {
      let end = min(bytes.count, offset + 4096)
      events += parser.feed(bytes[offset..<end])
      offset = end
    }
    #expect(events == [SSEEvent(data: payload)])
  }
}

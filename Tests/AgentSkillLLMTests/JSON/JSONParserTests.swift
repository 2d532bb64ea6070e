import Foundation
import Testing

@testable import AgentSkillLLM

@Suite("JSONParser", .timeLimit(.minutes(5)))
struct JSONParserTests {
  @Test("literals parse to their cases")
  func literals() throws {
    #expect(try JSONValue(parsing: "null") == .null)
    #expect(try JSONValue(parsing: "true") == .bool(true))
    #expect(try JSONValue(parsing: " false ") == .bool(false))
    #expect(try JSONValue(parsing: #""text""#) == .string("text"))
    #expect(try JSONValue(parsing: "[]") == .array([]))
    #expect(try JSONValue(parsing: "{}") == .object([:]))
  }

  @Test("integers and other numbers are kept apart by how they are written")
  func numbers() throws {
    #expect(try JSONValue(parsing: "1").typeName == "integer")
    #expect(try JSONValue(parsing: "1.0").typeName == "number")
    #expect(try JSONValue(parsing: "1e2").typeName == "number")
    #expect(try JSONValue(parsing: "-0") == .integer(0))
    #expect(try JSONValue(parsing: "-12") == .integer(-12))
    #expect(try JSONValue(parsing: "2.5E-3") == .number(0.0025))
    #expect(try JSONValue(parsing: "9223372036854775807") == .integer(Int.max))
    // Too big for Int: kept exactly, and equal to the Double of the same value.
    #expect(try JSONValue(parsing: "9223372036854775808") == .bigInteger(JSONBigInteger("9223372036854775808")!))
    #expect(try JSONValue(parsing: "9223372036854775808") == .number(9_223_372_036_854_775_808))
    // Below the smallest double: rounds to zero like every JSON parser.
    #expect(try JSONValue(parsing: "1e-400") == .number(0))
  }

  @Test("escapes, surrogate pairs and raw non-ASCII text decode")
  func strings() throws {
    let value = try JSONValue(parsing: #""a\"b\\c\/d\b\f\n\r\t\u0041\u00e9\u4e2d\ud83d\ude00 北京""#)
    #expect(value == .string("a\"b\\c/d\u{08}\u{0C}\n\r\tAé中😀 北京"))
    #expect(try JSONValue(parsing: #""\u0000""#) == .string("\u{0}"))
  }

  @Test("lone surrogates become U+FFFD instead of failing")
  func loneSurrogates() throws {
    #expect(try JSONValue(parsing: #""\ud800""#) == .string("\u{FFFD}"))
    #expect(try JSONValue(parsing: #""\udc00x""#) == .string("\u{FFFD}x"))
    #expect(try JSONValue(parsing: #""\ud800\u0041""#) == .string("\u{FFFD}A"))
  }

  @Test(
    "malformed input throws JSONParseError",
    arguments: [
      "", "   ", "nul", "tru", "falsey", "[1,]", "[1 2]", "{\"a\" 1}", "{\"a\":1,}", "{a:1}", "{\"a\":}",
      "[", "{", "\"abc", "\"a\\x\"", "\"\\u12\"", "\"\\u12G4\"", "01", "-", "1.", ".5", "+1", "1e", "1e+",
      "NaN", "Infinity", "1e400", "-1e400", "\"tab\there\"", "[1]]", "{\"a\":1}x", "'single'",
    ]
  )
  func malformed(_ text: String) {
    #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
  }

  @Test("errors name the byte offset and a snippet of the input")
  func errorDetails() throws {
    let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: #"{"a": 1 "b": 2}"#) }
    #expect(error.offset == 8)
    #expect(error.reason == "expected ',' or '}'")
    #expect(error.snippet.contains(#""b""#))
    #expect(error.description.hasPrefix("invalid JSON at byte 8: expected ',' or '}'"))
  }

  @Test("invalid UTF-8 inside a string throws instead of being repaired")
  func invalidUTF8() throws {
    let cases: [[UInt8]] = [
      [0x22, 0xFF, 0x22],  // never valid
      [0x22, 0xC3, 0x22],  // truncated two-byte sequence
      [0x22, 0xC0, 0xAF, 0x22],  // overlong "/"
      [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate
    ]
    for bytes in cases {
      let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: Data(bytes)) }
      #expect(error.reason == "string is not valid UTF-8")
    }
    // Outside strings a stray byte is just an unexpected character.
    #expect(throws: JSONParseError.self) { try JSONValue(parsing: Data([0x5B, 0xFF, 0x5D])) }
  }

  @Test("a UTF-8 byte-order mark is skipped")
  func byteOrderMark() throws {
    #expect(try JSONValue(parsing: Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))) == [1])
  }

  @Test("nesting up to the limit parses; deeper input throws instead of overflowing the stack")
  func depthLimit() throws {
    let limit = JSONParser.maximumDepth
    let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    var value = try JSONValue(parsing: deepest)
    var depth = 0
    while case .array(let elements) = value {
      depth += 1
      value = elements.first ?? .null
    }
    #expect(depth == limit)

    let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
    let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: tooDeep) }
    #expect(error.reason.contains("nesting deeper than \(limit)"))
    // A hostile input far deeper than the limit fails just as cleanly.
    #expect(throws: JSONParseError.self) { try JSONValue(parsing: String(repeating: "{\"a\":", count: 100_000)) }
  }

  @Test("the deepest allowed input parses, renders, compares and hashes on a 512 KB stack")
  func deepInputOnSmallStack() async throws {
    let limit = JSONParser.maximumDepth
    let text = String(repeating: #"{"a":["#, count: limit / 2) + String(repeating: "]}", count: limit / 2)
    let summary = await SmallStack.run { () -> String in
      guard let value = try? JSONValue(parsing: text) else { return "parse failed" }
      let copy = try? JSONValue(parsing: value.rendered())
      return "\(value.rendered().count) \(copy == value) \(copy?.hashValue == value.hashValue)"
    }
    #expect(summary == "\(text.count) true true")
  }

  @Test("parsePrefix returns the first value and the text after it")
  func parsePrefix() throws {
    let (value, rest) = try JSONValue.parsePrefix(of: #"  {"city": "北京"} I hope this helps"#)
    #expect(value == ["city": "北京"])
    #expect(rest == " I hope this helps")

    let (number, afterNumber) = try JSONValue.parsePrefix(of: "42abc")
    #expect(number == 42)
    #expect(afterNumber == "abc")

    let (array, nothing) = try JSONValue.parsePrefix(of: "[1,2]")
    #expect(array == [1, 2])
    #expect(nothing.isEmpty)

    #expect(throws: JSONParseError.self) { try JSONValue.parsePrefix(of: "I think {\"a\": 1}") }
    #expect(throws: JSONParseError.self) { try JSONValue.parsePrefix(of: #"{"a": 1"#) }
  }

  @Test("trailing text after a complete value is an error for the strict parser")
  func trailingText() throws {
    let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: "[1] [2]") }
    #expect(error.reason == "unexpected text after the JSON value")
    #expect(error.offset == 4)
  }

  @Test("a repeated key keeps its first position and its last value")
  func repeatedKeys() throws {
    let value = try JSONValue(parsing: #"{"a": 1, "b": 2, "a": 3}"#)
    #expect(value.objectValue?.keys == ["a", "b"])
    #expect(value["a"] == 3)
  }
}

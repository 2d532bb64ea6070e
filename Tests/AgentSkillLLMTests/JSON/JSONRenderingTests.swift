import Testing

@testable import AgentSkillLLM

@Suite("JSONValue rendering", .timeLimit(.minutes(5)))
struct JSONRenderingTests {
  @Test("compact rendering keeps key order and writes non-ASCII text as is")
  func compact() {
    let value: JSONValue = ["city": "北京", "days": 3, "metric": true, "extra": nil, "tags": ["a", 1.5]]
    #expect(value.rendered() == #"{"city":"北京","days":3,"metric":true,"extra":null,"tags":["a",1.5]}"#)
    #expect(value.description == value.rendered())
  }

  @Test("pretty rendering indents by two spaces, one member per line")
  func pretty() {
    let value: JSONValue = ["a": [1, 2], "b": [:], "c": [], "d": ["e": nil]]
    let expected = """
      {
        "a": [
          1,
          2
        ],
        "b": {},
        "c": [],
        "d": {
          "e": null
        }
      }
      """
    #expect(value.rendered(pretty: true) == expected)
    #expect(JSONValue.integer(1).rendered(pretty: true) == "1")
  }

  @Test("numbers render in their shortest round-tripping form")
  func numbers() {
    #expect(JSONValue.integer(-7).rendered() == "-7")
    #expect(JSONValue.number(1).rendered() == "1.0")
    #expect(JSONValue.number(-0.0).rendered() == "-0.0")
    #expect(JSONValue.number(0.1).rendered() == "0.1")
    #expect(JSONValue.number(1e16).rendered() == "1e+16")
    #expect(JSONValue.number(2.5e-8).rendered() == "2.5e-08")
    #expect(JSONValue.number(.infinity).rendered() == "null")
    #expect(JSONValue.number(.nan).rendered() == "null")
  }

  @Test("strings escape quotes, backslashes and control characters")
  func escapes() {
    let value = JSONValue.string("q\"b\\n\nr\rt\tb\u{08}f\u{0C}z\u{0}e\u{1F}/😀")
    #expect(value.rendered() == #""q\"b\\n\nr\rt\tb\bf\fz\u0000e\u001f/😀""#)
  }

  @Test("escapes next to each other, at either end and beside multi-byte text render like a per-scalar reference")
  func escapesInEveryPosition() throws {
    let pieces = ["a", "\"", "\\", "\n", "\u{1}", "\u{7F}", "é", "e\u{301}", "中", "😀", "👨‍👩‍👧", " "]
    var strings: [String] = [""]
    for first in pieces {
      for second in pieces {
        strings.append(first + second)
        for third in pieces { strings.append(first + second + third) }
      }
    }
    // Longer than a small (inline) string: the same pieces in heap storage.
    strings += strings.suffix(200).map { String(repeating: $0, count: 6) }
    for string in strings {
      let rendered = JSONValue.string(string).rendered()
      #expect(rendered == Self.reference(string), "\(Array(string.unicodeScalars))")
      #expect(try JSONValue(parsing: rendered) == .string(string))
    }
  }

  /// JSON string rendering one Unicode scalar at a time: the escapes of
  /// ``JSONValue/rendered(pretty:)``, written independently of it.
  private static func reference(_ string: String) -> String {
    var output = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }

  @Test(
    "parse then render gives back canonical text",
    arguments: [
      #"{"b":1,"a":[true,false,null],"c":{"d":"e"}}"#,
      #"[1,1.0,-0.5,1e+16,"\u0000",""]"#,
      #""中文 \"quoted\" \\ \n""#,
      "[]", "{}", "0", "-1", "9223372036854775807",
    ]
  )
  func roundTripText(_ text: String) throws {
    #expect(try JSONValue(parsing: text).rendered() == text)
  }

  @Test("render then parse gives back an equal value with the same kinds of numbers")
  func roundTripValue() throws {
    let value: JSONValue = [
      "int": 1, "double": 1.0, "tiny": .number(.leastNonzeroMagnitude), "huge": 1.7976931348623157e308,
      "negative": -123.456,
      "text": "line\nbreak \u{1F} \u{FFFF} 👨‍👩‍👧", "nested": [["deep": [[], [:]]]],
    ]
    for pretty in [false, true] {
      let parsed = try JSONValue(parsing: value.rendered(pretty: pretty))
      #expect(parsed == value)
      #expect(parsed.rendered() == value.rendered())
      #expect(parsed["double"]?.typeName == "number")
      #expect(parsed["int"]?.typeName == "integer")
    }
  }
}

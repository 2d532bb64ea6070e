import Foundation
import Testing

@testable import AgentSkillLLM

/// Integers beyond `Int` are kept exactly through parse, render, compare, hash and `Codable`.
@Suite("JSONBigInteger", .timeLimit(.minutes(5)))
struct JSONBigIntegerTests {
  private static func big(_ text: String) -> JSONValue { .bigInteger(JSONBigInteger(text)!) }

  @Test("an integer beyond 64 bits reads and renders back digit for digit")
  func roundTripsExactly() throws {
    let value = try JSONValue(parsing: #"{"id": 12345678901234567890}"#)
    #expect(value["id"] == Self.big("12345678901234567890"))
    #expect(value.rendered() == #"{"id":12345678901234567890}"#)
    #expect(value["id"]?.typeName == "integer")
    #expect(value["id"]?.isInteger == true)
    #expect(value["id"]?.intValue == nil)
    #expect(value["id"]?.bigIntegerValue?.description == "12345678901234567890")
    #expect(value["id"]?.doubleValue == 12_345_678_901_234_567_168)
    let huge = "-" + String(repeating: "9876543210", count: 40)
    #expect(try JSONValue(parsing: huge).rendered() == huge)
    #expect(try JSONValue(parsing: "[\(huge)]").rendered(pretty: true) == "[\n  \(huge)\n]")
  }

  @Test("integers that fit in Int stay integers; numbers with a fraction or exponent stay numbers")
  func boundaries() throws {
    #expect(try JSONValue(parsing: "9223372036854775807") == .integer(.max))
    #expect(try JSONValue(parsing: "-9223372036854775808") == .integer(.min))
    #expect(try JSONValue(parsing: "-9223372036854775809") == Self.big("-9223372036854775809"))
    #expect(try JSONValue(parsing: "12345678901234567890.0") == .number(12_345_678_901_234_567_168))
    // An exponent still needs a Double.
    #expect(throws: JSONParseError.self) { try JSONValue(parsing: "1e400") }
  }

  @Test("JSONBigInteger reads decimal text, converts doubles exactly and orders by value")
  func bigIntegerItself() {
    #expect(JSONBigInteger("007")?.description == "7")
    #expect(JSONBigInteger("-0")?.description == "0")
    #expect(JSONBigInteger("-0")?.isNegative == false)
    for invalid in ["", "-", "1e5", "+1", "1.0", " 1", "١٢"] { #expect(JSONBigInteger(invalid) == nil) }
    #expect(JSONBigInteger(exactly: 1e20)?.description == "100000000000000000000")
    #expect(JSONBigInteger(exactly: -0x1p70)?.description == "-1180591620717411303424")
    #expect(JSONBigInteger(exactly: 12_345_678_901_234_567_168)?.description == "12345678901234567168")
    #expect(
      JSONBigInteger(exactly: .greatestFiniteMagnitude)?.description
        == "1797693134862315708145274237317043567980705675258449965989174768031572607800285387605895586327668781715404"
        + "5895351438246423432132688946418276846754670353751698604991057655128207624549009038932894407586850845513394"
        + "2304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368")
    #expect(JSONBigInteger(exactly: 1.5) == nil)
    #expect(JSONBigInteger(exactly: .infinity) == nil)
    #expect(JSONBigInteger(exactly: -42) == JSONBigInteger(-42))
    #expect(JSONBigInteger(Int.min).description == "-9223372036854775808")
    let sorted = ["100000000000000000000", "-100000000000000000000", "-99999999999999999999", "0", "-5", "99"]
      .compactMap(JSONBigInteger.init).sorted().map(\.description)
    #expect(sorted == ["-100000000000000000000", "-99999999999999999999", "-5", "0", "99", "100000000000000000000"])
    #expect(JSONBigInteger("99999999999999999999")!.intValue == nil)
    #expect(JSONBigInteger("-42")!.intValue == -42)
  }

  @Test("a big integer equals the Int or Double of the same value, and hashes like it")
  func equalityAndHashing() {
    let twoTo63 = Self.big("9223372036854775808")
    #expect(twoTo63 == .number(0x1p63))
    #expect(Set([twoTo63, .number(0x1p63)]).count == 1)
    // The Double nearest 12345678901234567890 is 12345678901234567168: equal to that, not to the first.
    #expect(Self.big("12345678901234567890") != .number(12_345_678_901_234_567_168))
    #expect(Self.big("12345678901234567168") == .number(12_345_678_901_234_567_168))
    #expect(Set([Self.big("12345678901234567168"), .number(12_345_678_901_234_567_168)]).count == 1)
    #expect(Self.big("12345678901234567890") != Self.big("12345678901234567891"))
    #expect(Set([Self.big("12345678901234567890"), Self.big("12345678901234567891")]).count == 2)
    // A big integer built small equals the integer.
    #expect(Self.big("42") == .integer(42))
    #expect(Set([Self.big("42"), .integer(42), .number(42)]).count == 1)
    #expect(Self.big("1" + String(repeating: "0", count: 400)) != .number(.infinity))
  }

  @Test("Codable keeps integers up to UInt64 exactly and rounds larger ones to the nearest Double")
  func codable() throws {
    let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"id": 12345678901234567890}"#.utf8))
    #expect(decoded["id"] == Self.big("12345678901234567890"))
    let encoded = String(decoding: try JSONEncoder().encode(Self.big("12345678901234567890")), as: UTF8.self)
    #expect(encoded == "12345678901234567890")
    let larger = try JSONDecoder().decode(JSONValue.self, from: Data("123456789012345678901234567890".utf8))
    #expect(larger == .number(123_456_789_012_345_677_877_719_597_056))
    // The integer type itself is written as text, which every coder keeps.
    let text = String(
      decoding: try JSONEncoder().encode(JSONBigInteger("-123456789012345678901234567890")!), as: UTF8.self)
    #expect(text == #""-123456789012345678901234567890""#)
    #expect(
      try JSONDecoder().decode(JSONBigInteger.self, from: Data(text.utf8)).description
        == "-123456789012345678901234567890")
    #expect(
      try JSONDecoder().decode(JSONBigInteger.self, from: Data("18446744073709551615".utf8)).description
        == "18446744073709551615")
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(JSONBigInteger.self, from: Data(#""1e5""#.utf8)) }
    // Encodable values with UInt64 fields convert without rounding.
    struct Record: Codable, Equatable { var id: UInt64 }
    let value = try JSONValue(encoding: Record(id: .max))
    #expect(value["id"] == Self.big("18446744073709551615"))
    #expect(try value.decode(Record.self) == Record(id: .max))
  }
}

import Testing

@testable import AgentSkillLLM

/// JSON Schema's numeric keywords on integers beyond `Int`, compared exactly rather than through `Double` (which
/// cannot tell 18446744073709551615 from 18446744073709551616).
@Suite("Schema validation of big integers", .timeLimit(.minutes(5)))
struct SchemaBigIntegerTests {
  private static func schema(_ text: String) throws -> JSONSchema { try JSONSchema(try JSONValue(parsing: text)) }
  private static func valid(_ schema: JSONSchema, _ instance: String) throws -> Bool {
    schema.isValid(try JSONValue(parsing: instance))
  }

  @Test("integer and number types accept big integers")
  func types() throws {
    #expect(try Self.valid(Self.schema(#"{"type": "integer"}"#), "12345678901234567890"))
    #expect(try Self.valid(Self.schema(#"{"type": "number"}"#), "-12345678901234567890"))
    #expect(try !Self.valid(Self.schema(#"{"type": "string"}"#), "12345678901234567890"))
  }

  @Test("minimum, maximum and the exclusive bounds compare digit by digit")
  func bounds() throws {
    let maximum = try Self.schema(#"{"maximum": 18446744073709551615}"#)
    #expect(try Self.valid(maximum, "18446744073709551615"))
    #expect(try !Self.valid(maximum, "18446744073709551616"))
    #expect(try Self.valid(maximum, "9223372036854775807"))
    #expect(try Self.valid(maximum, "1.8446744073709550e19"))
    let minimum = try Self.schema(#"{"minimum": 12345678901234567890}"#)
    #expect(try Self.valid(minimum, "12345678901234567891"))
    #expect(try !Self.valid(minimum, "12345678901234567889"))
    // The Double 1.2345678901234567e19 is exactly 12345678901234567168, below the minimum.
    #expect(try !Self.valid(minimum, "1.2345678901234567e19"))
    #expect(try Self.valid(minimum, "1.234567890123457e19"))
    let exclusive = try Self.schema(
      #"{"exclusiveMaximum": 9223372036854775808, "exclusiveMinimum": -9223372036854775809}"#)
    #expect(try Self.valid(exclusive, "9223372036854775807"))
    #expect(try Self.valid(exclusive, "-9223372036854775808"))
    #expect(try !Self.valid(exclusive, "9223372036854775808"))
    #expect(try !Self.valid(exclusive, "9223372036854775808.0"))
    #expect(try !Self.valid(exclusive, "-9223372036854775809"))
    let negative = try Self.schema(#"{"maximum": -100000000000000000000}"#)
    #expect(try Self.valid(negative, "-100000000000000000001"))
    #expect(try !Self.valid(negative, "-99999999999999999999"))
    #expect(try !Self.valid(negative, "-1e19"))
    #expect(try Self.valid(negative, "-1e21"))
  }

  @Test("multipleOf divides exactly, with big dividends and big divisors")
  func multipleOf() throws {
    let ten = try Self.schema(#"{"multipleOf": 10}"#)
    #expect(try Self.valid(ten, "12345678901234567890"))
    // Through Double both would read as 12345678901234567168, a multiple of 2 but not of 10: exact digits decide.
    #expect(try !Self.valid(ten, "12345678901234567891"))
    let half = try Self.schema(#"{"multipleOf": 0.5}"#)
    #expect(try Self.valid(half, "-98765432109876543210987"))
    let big = try Self.schema(#"{"multipleOf": 12345678901234567890123}"#)
    #expect(try Self.valid(big, "24691357802469135780246"))
    #expect(try !Self.valid(big, "24691357802469135780247"))
    #expect(try !Self.valid(big, "12345678901234567890"))
    #expect(try Self.valid(big, "0"))
    let tiny = try Self.schema(#"{"multipleOf": 1e-300}"#)
    #expect(try Self.valid(tiny, "123456789012345678901234567890"))
    #expect(try Self.valid(try Self.schema(#"{"multipleOf": 7}"#), "7" + String(repeating: "0", count: 1_000)))
  }

  @Test("a big integer can be a length limit, a constant or an enum member")
  func otherKeywords() throws {
    #expect(try Self.valid(Self.schema(#"{"maxLength": 99999999999999999999}"#), #""abc""#))
    #expect(try !Self.valid(Self.schema(#"{"minItems": 99999999999999999999}"#), "[1, 2]"))
    #expect(throws: SchemaError.self) { try Self.schema(#"{"maxLength": -99999999999999999999}"#) }
    let constant = try Self.schema(#"{"const": 12345678901234567890}"#)
    #expect(try Self.valid(constant, "12345678901234567890"))
    #expect(try !Self.valid(constant, "12345678901234567891"))
    #expect(try !Self.valid(constant, "1.2345678901234567e19"))
    let members = try Self.schema(#"{"enum": [18446744073709551616, "x"]}"#)
    #expect(try Self.valid(members, "18446744073709551616"))
    #expect(try Self.valid(members, "1.8446744073709552e19"))
    #expect(try !Self.valid(members, "18446744073709551617"))
  }
}

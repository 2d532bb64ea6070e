import Testing

@testable import AgentSkillLLM

@Suite("JSONSchema internals", .timeLimit(.minutes(5)))
struct SchemaInternalsTests {
  @Test(
    "URI references resolve as RFC 3986 §5.4 shows",
    arguments: [
      ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
      ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q#s"),
      ("g#s", "http://a/b/c/g#s"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("..", "http://a/b/"),
      ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../../g", "http://a/g"), ("/./g", "http://a/g"),
      ("g.", "http://a/b/c/g."), ("./../g", "http://a/b/g"), ("g;x=1/../y", "http://a/b/c/y"),
      ("urn:uuid:deadbeef", "urn:uuid:deadbeef"),
    ]
  )
  func uriResolution(_ reference: String, _ expected: String) {
    let base = SchemaURI(parsing: "http://a/b/c/d;p?q")
    #expect(base.resolving(SchemaURI(parsing: reference)).text == expected)
  }

  @Test("URNs and file URIs keep their shape")
  func uriShapes() {
    let urn = SchemaURI(parsing: "urn:example:foo?+CCResolve:cc=uk#/$defs/bar")
    #expect(urn.scheme == "urn")
    #expect(urn.path == "example:foo")
    #expect(urn.query == "+CCResolve:cc=uk")
    #expect(urn.withoutFragment.text == "urn:example:foo?+CCResolve:cc=uk")
    #expect(
      SchemaURI(parsing: "file:///c:/folder/file.json").resolving(SchemaURI(parsing: "#/x")).text
        == "file:///c:/folder/file.json#/x")
  }

  @Test("patterns follow ECMA-262 where ICU differs")
  func patterns() throws {
    let anchored = try #require(SchemaPattern("^[a-z]+$"))
    #expect(anchored.matches("abc") == true)
    #expect(anchored.matches("abc\n") == false)
    let digits = try #require(SchemaPattern(#"^\d+$"#))
    #expect(digits.matches("123") == true)
    #expect(digits.matches("١٢٣") == false)
    let word = try #require(SchemaPattern(#"^\w+$"#))
    #expect(word.matches("é") == false)
    let bracket = try #require(SchemaPattern("[[]"))
    #expect(bracket.matches("a[b") == true)
    let unanchored = try #require(SchemaPattern("a+"))
    #expect(unanchored.matches("xxaayy") == true)
    let letters = try #require(SchemaPattern(#"^\p{Letter}+$"#))
    #expect(letters.matches("北京") == true)
    let escapedDollar = try #require(SchemaPattern(#"^\$[0-9]+$"#))
    #expect(escapedDollar.matches("$12") == true)
    #expect(SchemaPattern("(") == nil)
  }

  @Test("numbers compare exactly across integers and doubles")
  func numberComparison() {
    #expect(SchemaNumber.compare(.integer(9_007_199_254_740_993), .number(9_007_199_254_740_992)) == 1)
    #expect(SchemaNumber.compare(.integer(.max), .number(9_223_372_036_854_775_808)) == -1)
    #expect(SchemaNumber.compare(.number(-1e300), .integer(.min)) == -1)
    #expect(SchemaNumber.compare(.integer(2), .number(2.0)) == 0)
    #expect(SchemaNumber.compare(.number(2.5), .integer(2)) == 1)
    #expect(SchemaNumber.compare(.number(-2.5), .integer(-2)) == -1)
    #expect(SchemaNumber.compare(.number(.nan), .integer(0)) == nil)
    #expect(SchemaNumber.compare(.string("1"), .integer(1)) == nil)
  }

  @Test("multipleOf uses the numbers' decimal forms")
  func multiples() {
    #expect(SchemaNumber.isMultiple(.number(0.3), of: .number(0.1)))
    #expect(SchemaNumber.isMultiple(.number(0.0075), of: .number(0.0001)))
    #expect(!SchemaNumber.isMultiple(.number(0.00751), of: .number(0.0001)))
    #expect(SchemaNumber.isMultiple(.number(19.99), of: .number(0.01)))
    #expect(SchemaNumber.isMultiple(.integer(12_391_239_123), of: .number(1e-8)))
    #expect(!SchemaNumber.isMultiple(.number(1e308), of: .number(0.123456789)))
    #expect(SchemaNumber.isMultiple(.integer(-10), of: .integer(5)))
    #expect(!SchemaNumber.isMultiple(.integer(7), of: .number(2.0)))
    #expect(SchemaNumber.isMultiple(.number(4.5), of: .number(1.5)))
  }
}

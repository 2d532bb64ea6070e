import Foundation
import Testing

@testable import AgentSkillLLM

@Suite("JSONValue", .timeLimit(.minutes(5)))
struct JSONValueTests {
  @Test("1 and 1.0 are equal and hash alike, but keep their own type")
  func integralNumbers() {
    #expect(JSONValue.integer(1) == .number(1.0))
    #expect(JSONValue.number(-2.0) == .integer(-2))
    #expect(JSONValue.integer(1) != .number(1.5))
    #expect(Set<JSONValue>([.integer(1), .number(1.0)]).count == 1)
    #expect(JSONValue.integer(1).typeName == "integer")
    #expect(JSONValue.number(1.0).typeName == "number")
    #expect(JSONValue.number(1.0).isInteger)
    #expect(!JSONValue.number(1.5).isInteger)
    // 2^63 is not Int.max even though both round to the same double.
    #expect(JSONValue.integer(.max) != .number(9_223_372_036_854_775_808))
    #expect(JSONValue.integer(9_007_199_254_740_993) != .number(9_007_199_254_740_992))
  }

  @Test("booleans never equal numbers")
  func booleansAreNotNumbers() {
    #expect(JSONValue.bool(true) != .integer(1))
    #expect(JSONValue.bool(false) != .number(0))
    #expect(JSONValue.array([false]) != .array([0]))
  }

  @Test("strings compare by code points, not by canonical equivalence")
  func stringsByCodePoints() {
    let composed = JSONValue.string("\u{E4}")
    let decomposed = JSONValue.string("a\u{308}")
    #expect(composed != decomposed)
    #expect(Set([composed, decomposed]).count == 2)
    var object = JSONObject()
    object["\u{E4}"] = 1
    object["a\u{308}"] = 2
    #expect(object.count == 2)
    #expect(object["\u{E4}"] == 1)
    #expect(object["a\u{308}"] == 2)
  }

  @Test("keys equal by code points find the same member and hash alike, however the strings were made")
  func keysFromDifferentStorage() {
    for literal in ["a\u{308}", "città 北京 🌥 a\u{308} and a long tail"] {
      let decoded = String(decoding: Array(literal.utf8), as: UTF8.self)
      let sliced = String(("«" + literal + "»").dropFirst().dropLast())
      let bridged = NSString(string: literal) as String
      var object = JSONObject()
      object[literal] = 1
      for key in [decoded, sliced, bridged] {
        #expect(object[key] == 1)
        var other = JSONObject()
        other[key] = 1
        #expect(other == object)
        #expect(other.hashValue == object.hashValue)
      }
      // A canonically equivalent key is another member.
      let composed = literal.replacingOccurrences(of: "a\u{308}", with: "\u{E4}", options: .literal)
      #expect(composed.utf8.count < literal.utf8.count)
      #expect(object[composed] == nil)
    }
  }

  @Test("objects are equal regardless of key order, and hash alike")
  func objectEquality() {
    let lhs: JSONValue = ["a": 1, "b": [true, nil]]
    let rhs: JSONValue = ["b": [true, nil], "a": 1.0]
    #expect(lhs == rhs)
    #expect(lhs.hashValue == rhs.hashValue)
    #expect(lhs != ["a": 1])
    #expect(JSONValue.array([1, 2]) != .array([2, 1]))
  }

  @Test("literals build every case")
  func literals() {
    let value: JSONValue = ["null": nil, "bool": true, "int": 3, "double": 2.5, "string": "s", "array": [1, "x"]]
    #expect(value["null"] == .null)
    #expect(value["bool"] == .bool(true))
    #expect(value["int"] == .integer(3))
    #expect(value["double"] == .number(2.5))
    #expect(value["string"] == .string("s"))
    #expect(value["array"] == .array([.integer(1), .string("x")]))
  }

  @Test("accessors return a value only for their own type")
  func accessors() {
    let value: JSONValue = ["city": "北京", "days": 3, "ratio": 0.5, "metric": true, "tags": ["a"], "none": nil]
    #expect(value["city"]?.stringValue == "北京")
    #expect(value["days"]?.intValue == 3)
    #expect(value["days"]?.doubleValue == 3)
    #expect(value["ratio"]?.doubleValue == 0.5)
    #expect(value["ratio"]?.intValue == nil)
    #expect(JSONValue.number(4.0).intValue == 4)
    #expect(value["metric"]?.boolValue == true)
    #expect(value["tags"]?.arrayValue == ["a"])
    #expect(value["tags"]?[0] == "a")
    #expect(value["tags"]?[1] == nil)
    #expect(value["tags"]?[-1] == nil)
    #expect(value["none"]?.isNull == true)
    #expect(value["missing"] == nil)
    #expect(value["city"]?.intValue == nil)
    #expect(value.objectValue?.keys == ["city", "days", "ratio", "metric", "tags", "none"])
  }

  @Test("the key subscript sets members of objects and ignores other values")
  func subscriptSetter() {
    var value: JSONValue = ["a": 1]
    value["b"] = "two"
    value["a"] = nil
    #expect(value == ["b": "two"])
    #expect(value.objectValue?.keys == ["b"])
    var notAnObject: JSONValue = [1, 2]
    notAnObject["a"] = 1
    #expect(notAnObject == [1, 2])
  }

  @Test("JSONObject keeps insertion order and forgets removed keys")
  func objectOrder() {
    var object: JSONObject = ["b": 1, "a": 2]
    object["c"] = 3
    object["b"] = nil
    object["b"] = 4
    #expect(object.keys == ["a", "c", "b"])
    #expect(object.members.map(\.key) == ["a", "c", "b"])
    #expect(Array(object).map(\.value) == [2, 3, 4])
    #expect(!object.isEmpty)
    #expect(JSONObject().isEmpty)
  }

  @Test("JSONObject finds every member after a removal from the middle and replaces values in place")
  func objectLookupsAfterRemoval() {
    var object: JSONObject = ["a": 1, "b": 2, "c": 3, "d": 4]
    object["b"] = nil
    #expect(object["a"] == 1)
    #expect(object["b"] == nil)
    #expect(object["c"] == 3)
    #expect(object["d"] == 4)
    object["c"] = "three"
    #expect(object.keys == ["a", "c", "d"])
    #expect(JSONValue.object(object).rendered() == #"{"a":1,"c":"three","d":4}"#)
    object["a"] = nil
    object["d"] = nil
    #expect(object.members.map(\.key) == ["c"])
    #expect(object["c"] == "three")
    // Keys match by code points: "ä" precomposed and decomposed are two members.
    object["\u{E4}"] = 1
    object["a\u{308}"] = 2
    #expect(object.count == 3)
    #expect(object["\u{E4}"] == 1)
    #expect(object["a\u{308}"] == 2)
  }
}

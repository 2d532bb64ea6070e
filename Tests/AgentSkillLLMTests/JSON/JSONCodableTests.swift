import Foundation
import Testing

@testable import AgentSkillLLM

@Suite("JSONValue Codable", .timeLimit(.minutes(5)))
struct JSONCodableTests {
  struct WeatherInput: Codable, Equatable {
    var city: String
    var days: Int
    var metric: Bool?
    var tags: [String]
  }

  @Test("encoding with JSONEncoder and decoding with JSONDecoder gives an equal value")
  func roundTrip() throws {
    let value: JSONValue = [
      "city": "上海", "days": 3, "ratio": 0.25, "metric": false, "none": nil, "list": [1, "two", [3.5]],
      "object": ["z": 1, "a": 2],
    ]
    let data = try JSONEncoder().encode(value)
    let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
    #expect(decoded == value)
    // What JSONEncoder wrote is valid JSON for the strict parser too.
    #expect(try JSONValue(parsing: data) == value)
  }

  @Test("decoding sorts object keys so rendering is deterministic")
  func decodedKeysAreSorted() throws {
    let data = Data(#"{"z": 1, "a": {"y": 2, "b": 3}, "m": 4}"#.utf8)
    let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
    #expect(decoded.rendered() == #"{"a":{"b":3,"y":2},"m":4,"z":1}"#)
  }

  @Test("JSONValue nests inside other Codable types")
  func nested() throws {
    struct Envelope: Codable, Equatable {
      var name: String
      var arguments: JSONValue
    }
    let envelope = Envelope(name: "get_weather", arguments: ["city": "北京", "days": [1, nil]])
    let decoded = try JSONDecoder().decode(Envelope.self, from: JSONEncoder().encode(envelope))
    #expect(decoded == envelope)
  }

  @Test("init(encoding:) and decode(_:) convert to and from Codable types")
  func helpers() throws {
    let input = WeatherInput(city: "北京", days: 3, metric: nil, tags: ["rain"])
    let value = try JSONValue(encoding: input)
    #expect(value["city"] == "北京")
    #expect(value["days"] == 3)
    #expect(value["tags"] == ["rain"])
    #expect(try value.decode(WeatherInput.self) == input)
    let inferred: WeatherInput = try value.decode()
    #expect(inferred == input)
  }

  @Test("decode(_:) reports a DecodingError when the value does not fit")
  func decodeMismatch() {
    let value: JSONValue = ["city": 1, "days": "three", "tags": []]
    #expect(throws: DecodingError.self) { try value.decode(WeatherInput.self) }
  }

  @Test("encoding a non-finite number fails instead of writing invalid JSON")
  func nonFinite() {
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(JSONValue.number(.infinity)) }
  }
}

import Foundation

extension JSONValue: Codable {
  /// Decodes any JSON value.
  ///
  /// `Decoder` cannot report how a number was written nor the order of an
  /// object's keys, so decoding through `Codable` yields ``integer(_:)`` for
  /// every integral number that fits in `Int`, ``bigInteger(_:)`` for one
  /// that fits in `UInt64`, ``number(_:)`` for the others (larger integers
  /// round to the nearest `Double`), and sorts object keys by name
  /// (deterministic, unlike the decoder's hash order). Parse with
  /// `JSONValue(parsing:)` to keep all three.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when the data is not JSON-shaped.
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: AnyCodingKey.self) {
      var object = JSONObject()
      for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
        object[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
      }
      self = .object(object)
      return
    }
    if var container = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !container.isAtEnd { elements.append(try container.decode(JSONValue.self)) }
      self = .array(elements)
      return
    }
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .integer(value)
    } else if let value = try? container.decode(UInt64.self) {
      self = .bigInteger(JSONBigInteger(String(value))!)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
    }
  }

  /// Encodes the value; objects keep their key order where the encoder allows.
  ///
  /// A ``bigInteger(_:)`` is encoded as a `UInt64` when it fits, else as the
  /// nearest `Double`: `Encoder` has no arbitrary-precision number. Render
  /// with ``rendered(pretty:)`` to keep every digit.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .integer(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .bigInteger(let value):
      var container = encoder.singleValueContainer()
      if let exact = value.intValue {
        try container.encode(exact)
      } else if !value.isNegative, let exact = UInt64(value.digits) {
        try container.encode(exact)
      } else {
        try container.encode(value.doubleValue)
      }
    case .number(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    case .object(let object):
      var container = encoder.container(keyedBy: AnyCodingKey.self)
      for (key, value) in object.members {
        try container.encode(value, forKey: AnyCodingKey(key))
      }
    }
  }
}

extension JSONValue {
  /// Converts an `Encodable` value to JSON.
  ///
  /// ```swift
  /// struct WeatherInput: Encodable {
  ///   let city: String
  /// }
  ///
  /// func arguments(city: String) throws -> JSONValue {
  ///   try JSONValue(encoding: WeatherInput(city: city))  // {"city": "北京"}
  /// }
  /// ```
  ///
  /// - Parameter value: The value to convert.
  /// - Throws: `EncodingError`, or ``JSONParseError`` if the encoder produced invalid JSON.
  public init(encoding value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let data = try encoder.encode(value)
    self = try JSONValue(parsing: data)
  }

  /// Decodes a `Decodable` type from this value.
  ///
  /// ```swift
  /// struct WeatherInput: Decodable {
  ///   let city: String
  /// }
  ///
  /// func city(in arguments: JSONValue) throws -> String {
  ///   try arguments.decode(WeatherInput.self).city
  /// }
  /// ```
  ///
  /// Dates are read from ISO 8601 text (`2025-03-01T08:30:00+08:00`,
  /// fractional seconds allowed, or a bare `2025-03-01` as midnight UTC), the
  /// form a derived schema's `date-time` asks for; a number is read as
  /// seconds since 2001-01-01, as `JSONDecoder` does by default.
  ///
  /// - Parameter type: The type to decode.
  /// - Returns: The decoded value.
  /// - Throws: `DecodingError` when the value does not fit the type.
  public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom(Self.decodeDate)
    return try decoder.decode(T.self, from: Data(renderedBytes()))
  }

  @Sendable private static func decodeDate(from decoder: any Decoder) throws -> Date {
    let container = try decoder.singleValueContainer()
    if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSinceReferenceDate: seconds) }
    let text = try container.decode(String.self)
    if let date = try? Date(text, strategy: .iso8601) { return date }
    if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
    if let date = try? Date.ISO8601FormatStyle().year().month().day().parse(text) { return date }
    throw DecodingError.dataCorruptedError(
      in: container,
      debugDescription:
        "\(JSONValue.string(text).rendered()) is not an ISO 8601 date; write it like 2025-03-01T08:30:00+08:00")
  }
}

/// A coding key for arbitrary string keys.
struct AnyCodingKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(_ string: String) {
    self.stringValue = string
    self.intValue = nil
  }

  init?(stringValue: String) { self.init(stringValue) }

  init?(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }
}

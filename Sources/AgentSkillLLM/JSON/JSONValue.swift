/// A JSON value: null, bool, integer, number, string, array or object.
///
/// Integers and other numbers are kept apart (`1` renders as `1`, `1.0` as
/// `1.0`) but compare equal when mathematically equal, as JSON Schema
/// requires. Integers too large for `Int` are kept exactly
/// (``bigInteger(_:)``), so `{"id": 12345678901234567890}` reads and renders
/// back digit for digit. Strings compare by code points (`"ä"` and `"a\u{308}"` differ,
/// unlike Swift's `String ==`). Objects keep their key order when rendered
/// and compare equal regardless of order.
///
/// ```swift
/// let arguments: JSONValue = ["city": "北京", "days": 3, "metric": true]
/// arguments["city"]?.stringValue          // "北京"
/// arguments.rendered()                    // {"city":"北京","days":3,"metric":true}
/// let parsed = try JSONValue(parsing: #"{"a": [1, 2.5, null]}"#)
/// ```
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number written without fraction or exponent that fits in `Int`.
  case integer(Int)
  /// A number written without fraction or exponent that does not fit in
  /// `Int`, kept exactly as its digits.
  ///
  /// ```swift
  /// let id = try JSONValue(parsing: "12345678901234567890")
  /// id.bigIntegerValue?.description   // "12345678901234567890"
  /// id.rendered()                     // 12345678901234567890
  /// ```
  case bigInteger(JSONBigInteger)
  /// Any other number.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object whose keys keep their order.
  case object(JSONObject)

  /// Two values are equal when they are the same JSON value: `1` equals
  /// `1.0`, an integer equals a `Double` whose value it is exactly, strings
  /// match code point by code point, and object key order does not matter.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.array, .array), (.object, .object): containersEqual(lhs, rhs)
    default: scalarsEqual(lhs, rhs)
    }
  }

  private static func scalarsEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.integer(let a), .integer(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)):
      return Double(a) == b && Int(exactly: b) == a
    case (.bigInteger(let a), .bigInteger(let b)): return a == b
    case (.bigInteger(let a), .integer(let b)), (.integer(let b), .bigInteger(let a)): return a == JSONBigInteger(b)
    case (.bigInteger(let a), .number(let b)), (.number(let b), .bigInteger(let a)):
      return JSONBigInteger(exactly: b) == a
    // JSON compares strings code point by code point; Swift's `==` would
    // also equate canonically equivalent strings ("ä" and "a\u{308}").
    case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
    default: return false
    }
  }

  /// Compares arrays and objects with a work list instead of recursion, so
  /// deeply nested values cannot exhaust a small thread stack.
  private static func containersEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    var pending: [(JSONValue, JSONValue)] = [(lhs, rhs)]
    while let (a, b) = pending.popLast() {
      switch (a, b) {
      case (.array(let x), .array(let y)):
        guard x.count == y.count else { return false }
        for index in x.indices {
          switch (x[index], y[index]) {
          case (.array, .array), (.object, .object): pending.append((x[index], y[index]))
          default: guard scalarsEqual(x[index], y[index]) else { return false }
          }
        }
      case (.object(let x), .object(let y)):
        guard x.count == y.count else { return false }
        for (key, value) in x {
          guard let other = y[key] else { return false }
          switch (value, other) {
          case (.array, .array), (.object, .object): pending.append((value, other))
          default: guard scalarsEqual(value, other) else { return false }
          }
        }
      default:
        return false
      }
    }
    return true
  }

  /// Hashes consistently with ``==(_:_:)``: integral numbers hash like integers.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value):
      hasher.combine(1)
      hasher.combine(value)
    case .integer(let value):
      hasher.combine(2)
      hasher.combine(value)
    case .bigInteger(let value):
      // Like the equal `Int` or `Double`, when there is one.
      if let exact = value.intValue {
        hasher.combine(2)
        hasher.combine(exact)
      } else if JSONBigInteger(exactly: value.doubleValue) == value {
        hasher.combine(3)
        hasher.combine(value.doubleValue)
      } else {
        hasher.combine(7)
        hasher.combine(value)
      }
    case .number(let value):
      if let exact = Int(exactly: value) {
        hasher.combine(2)
        hasher.combine(exact)
      } else {
        hasher.combine(3)
        hasher.combine(value)
      }
    case .string(let value):
      hasher.combine(4)
      hasher.combine(value)
    case .array(let value):
      hasher.combine(5)
      hasher.combine(value)
    case .object(let value):
      hasher.combine(6)
      hasher.combine(value)
    }
  }
}

extension JSONValue {
  /// The JSON type name: `null`, `boolean`, `integer`, `number`, `string`, `array` or `object`.
  ///
  /// An integral ``number(_:)`` such as `1.0` reports `number`; use
  /// ``isInteger`` for the JSON Schema notion of integer.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .integer, .bigInteger: "integer"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  /// Whether the value is a number with no fractional part (`1` and `1.0`).
  public var isInteger: Bool {
    switch self {
    case .integer, .bigInteger: true
    case .number(let value): value.isFinite && value.rounded(.towardZero) == value
    default: false
    }
  }

  /// The string, when the value is a string.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The boolean, when the value is a boolean.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The integer, when the value is an integer or an integral number that fits in `Int`.
  public var intValue: Int? {
    switch self {
    case .integer(let value): value
    case .bigInteger(let value): value.intValue
    case .number(let value): Int(exactly: value)
    default: nil
    }
  }

  /// The integer exactly, whatever its size, when the value is an integer
  /// or an integral number.
  ///
  /// ```swift
  /// try JSONValue(parsing: "12345678901234567890").bigIntegerValue   // 12345678901234567890
  /// JSONValue.integer(42).bigIntegerValue                            // 42
  /// JSONValue.number(1.5).bigIntegerValue                            // nil
  /// ```
  public var bigIntegerValue: JSONBigInteger? {
    switch self {
    case .integer(let value): JSONBigInteger(value)
    case .bigInteger(let value): value
    case .number(let value): JSONBigInteger(exactly: value)
    default: nil
    }
  }

  /// The number, when the value is an integer or a number; an integer
  /// beyond `Int` gives the nearest `Double`.
  public var doubleValue: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .bigInteger(let value): value.doubleValue
    case .number(let value): value
    default: nil
    }
  }

  /// The elements, when the value is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The object, when the value is an object.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// Whether the value is `null`.
  public var isNull: Bool { self == .null }

  /// The member named `key`, when the value is an object that has it.
  ///
  /// - Parameter key: The member's name.
  public subscript(key: String) -> JSONValue? {
    get { objectValue?[key] }
    set {
      guard case .object(var object) = self else { return }
      object[key] = newValue
      self = .object(object)
    }
  }

  /// The element at `index`, when the value is an array long enough.
  ///
  /// - Parameter index: The element's position.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }
}

extension JSONValue: ExpressibleByNilLiteral {
  /// Creates `null`.
  public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  /// Creates a boolean.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  /// Creates an integer.
  public init(integerLiteral value: Int) { self = .integer(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
  /// Creates a number.
  public init(floatLiteral value: Double) { self = .number(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
  /// Creates a string.
  public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
  /// Creates an array.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// Creates an object whose keys keep the literal's order.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements))
  }
}

extension JSONValue: CustomStringConvertible {
  /// The compact JSON text.
  public var description: String { rendered() }
}

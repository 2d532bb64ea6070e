/// A JSON object: string keys mapped to values, keeping insertion order.
///
/// Order matters only for rendering; two objects with the same members in a
/// different order are equal. Keys match code point by code point, as in
/// JSON: `"ä"` and `"a\u{308}"` are different keys.
///
/// ```swift
/// var object: JSONObject = ["b": 1, "a": 2]
/// object["c"] = "three"
/// object.keys            // ["b", "a", "c"]
/// ```
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
  /// The keys in insertion order.
  public private(set) var keys: [String] = []
  /// The values, in the order of ``keys``.
  private(set) var values: [JSONValue] = []
  /// Where each key stands in ``keys`` and `values`.
  private var positions: [MemberName: Int] = [:]

  /// A member name that matches by code points, not by Swift's canonical equivalence.
  private struct MemberName: Hashable {
    let name: String

    static func == (lhs: MemberName, rhs: MemberName) -> Bool {
      lhs.name.utf8.elementsEqual(rhs.name.utf8)
    }

    func hash(into hasher: inout Hasher) {
      // String's hash: names equal by code points are equal as Strings, so
      // they hash alike, as the equality above requires. Canonically
      // equivalent names ("ä", "a\u{308}") collide but stay different keys.
      hasher.combine(name)
    }
  }

  /// Creates an empty object.
  public init() {}

  /// Creates an object from key-value pairs; a repeated key keeps its first
  /// position and its last value.
  ///
  /// - Parameter pairs: The members in order.
  public init<S: Sequence>(_ pairs: S) where S.Element == (String, JSONValue) {
    let expected = pairs.underestimatedCount
    keys.reserveCapacity(expected)
    values.reserveCapacity(expected)
    positions.reserveCapacity(expected)
    for (key, value) in pairs { self[key] = value }
  }

  /// Creates an object from a dictionary literal, keeping its order.
  ///
  /// - Parameter elements: The members in order.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements)
  }

  /// The number of members.
  public var count: Int { keys.count }

  /// Whether the object has no members.
  public var isEmpty: Bool { keys.isEmpty }

  /// The value for `key`; setting `nil` removes the member.
  ///
  /// - Parameter key: The member's name.
  public subscript(key: String) -> JSONValue? {
    get { positions[MemberName(name: key)].map { values[$0] } }
    set {
      let name = MemberName(name: key)
      if let newValue {
        if let position = positions[name] {
          values[position] = newValue
        } else {
          positions[name] = keys.count
          keys.append(key)
          values.append(newValue)
        }
      } else if let position = positions.removeValue(forKey: name) {
        keys.remove(at: position)
        values.remove(at: position)
        for later in position..<keys.count { positions[MemberName(name: keys[later])] = later }
      }
    }
  }

  /// The members as (key, value) pairs in order.
  public var members: [(key: String, value: JSONValue)] {
    zip(keys, values).map { ($0, $1) }
  }

  /// Iterates the members in order.
  ///
  /// - Returns: An iterator over (key, value) pairs.
  public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
    members.makeIterator()
  }

  /// Members compare without regard to order.
  ///
  /// - Parameters:
  ///   - lhs: An object.
  ///   - rhs: Another object.
  /// - Returns: Whether both have the same keys with equal values.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    JSONValue.object(lhs) == .object(rhs)
  }

  /// Hashes the members without regard to order.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    // Equal objects may list their members in different orders: combine
    // each member's own hash with an order-independent operation. A member
    // that is an array or object contributes its kind and size only (equal
    // values still hash alike), so hashing never recurses and deep values
    // cannot exhaust a small stack.
    var combined = 0
    for (key, value) in zip(keys, values) {
      var member = Hasher()
      member.combine(MemberName(name: key))
      switch value {
      case .array(let elements):
        member.combine(5)
        member.combine(elements.count)
      case .object(let object):
        member.combine(6)
        member.combine(object.count)
      default:
        member.combine(value)
      }
      combined ^= member.finalize()
    }
    hasher.combine(keys.count)
    hasher.combine(combined)
  }
}

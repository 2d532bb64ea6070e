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
  private var storage: [MemberName: JSONValue] = [:]

  /// A member name that matches by code points, not by Swift's canonical equivalence.
  private struct MemberName: Hashable {
    let name: String

    static func == (lhs: MemberName, rhs: MemberName) -> Bool {
      lhs.name.utf8.elementsEqual(rhs.name.utf8)
    }

    func hash(into hasher: inout Hasher) {
      // String's hash equates canonical equivalents, which is consistent
      // with the stricter equality above.
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
    for (key, value) in pairs { self[key] = value }
  }

  /// Creates an object from a dictionary literal, keeping its order.
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
    get { storage[MemberName(name: key)] }
    set {
      if let newValue {
        if storage.updateValue(newValue, forKey: MemberName(name: key)) == nil { keys.append(key) }
      } else if storage.removeValue(forKey: MemberName(name: key)) != nil {
        keys.removeAll { $0.utf8.elementsEqual(key.utf8) }
      }
    }
  }

  /// The members as (key, value) pairs in order.
  public var members: [(key: String, value: JSONValue)] {
    keys.map { ($0, storage[MemberName(name: $0)] ?? .null) }
  }

  /// Iterates the members in order.
  public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
    members.makeIterator()
  }

  /// Members compare without regard to order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    JSONValue.object(lhs) == .object(rhs)
  }

  /// Hashes the members without regard to order.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage)
  }
}

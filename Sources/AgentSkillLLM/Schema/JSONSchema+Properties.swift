extension JSONSchema {
  /// Named schemas in declaration order, for an object's `properties` and for `$defs`.
  ///
  /// Write it as a dictionary literal (the order is kept, so models see the
  /// properties as written), or build it from pairs at run time:
  ///
  /// ```swift
  /// let literal: JSONSchema.Properties = ["city": .string(), "days": .integer()]
  /// let fields = [(name: "title", help: "What to remind about"), (name: "place", help: "Where")]
  /// let dynamic = JSONSchema.Properties(fields.map { ($0.name, JSONSchema.string(description: $0.help)) })
  /// ```
  public struct Properties: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// The names in order.
    public private(set) var names: [String] = []
    private var schemas: [String: JSONSchema] = [:]

    /// Creates a list from pairs; a repeated name keeps its first position and its last schema.
    ///
    /// - Parameter pairs: The names and their schemas, in order.
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, JSONSchema) {
      for (name, schema) in pairs {
        if schemas.updateValue(schema, forKey: name) == nil { names.append(name) }
      }
    }

    /// Creates a list from a dictionary literal, keeping its order.
    ///
    /// - Parameter elements: The names and their schemas.
    public init(dictionaryLiteral elements: (String, JSONSchema)...) {
      self.init(elements)
    }

    /// The number of entries.
    public var count: Int { names.count }

    /// Whether there are no entries.
    public var isEmpty: Bool { names.isEmpty }

    /// The schema for `name`.
    ///
    /// - Parameter name: The property name.
    public subscript(name: String) -> JSONSchema? { schemas[name] }

    /// Iterates the entries in order.
    public func makeIterator() -> IndexingIterator<[(name: String, schema: JSONSchema)]> {
      names.compactMap { name in schemas[name].map { (name, $0) } }.makeIterator()
    }

    /// The entries as a JSON object of schema documents.
    var json: JSONValue {
      .object(JSONObject(names.compactMap { name in schemas[name].map { (name, $0.json) } }))
    }

    /// Lists compare by their entries, in order.
    public static func == (lhs: Properties, rhs: Properties) -> Bool {
      lhs.names == rhs.names && lhs.schemas == rhs.schemas
    }

    /// Hashes the entries in order.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(names)
      for name in names { hasher.combine(schemas[name]) }
    }
  }
}

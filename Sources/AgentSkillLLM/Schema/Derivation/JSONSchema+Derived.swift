extension JSONSchema {
  /// The schema of the JSON a `Decodable` type accepts, found by decoding it.
  ///
  /// No values or macros are needed: the type's `init(from:)` runs against a
  /// recording decoder that notes every member and type it asks for. Structs
  /// become objects whose `required` members are those read with `decode`
  /// (not `decodeIfPresent`, whose members also accept `null`); `String`,
  /// `Bool`, integers (with their bounds when narrower than 64 bits, `0` for
  /// unsigned), floating-point numbers and `Decimal` become their JSON types;
  /// `Date` is a `date-time` string, `URL` a `uri`, `UUID` a `uuid`; arrays,
  /// sets (`uniqueItems`), `[String: Value]` dictionaries
  /// (`additionalProperties`) and optionals nest; a `String`- or
  /// `Int`-backed enum that is `CaseIterable` becomes an `enum` of its raw
  /// values; ``JSONValue`` accepts anything. Descriptions and constraints
  /// come from ``SchemaDescribing``.
  ///
  /// ```swift
  /// struct Reminder: Decodable, Sendable {
  ///   enum Priority: String, Decodable, CaseIterable { case low, high }
  ///   let title: String
  ///   let due: Date
  ///   let priority: Priority?
  /// }
  ///
  /// func reminderSchema() throws -> JSONSchema {
  ///   try JSONSchema.derived(from: Reminder.self)
  ///   // {"type":"object","properties":{"title":{"type":"string"},
  ///   //  "due":{"type":"string","format":"date-time"},
  ///   //  "priority":{"type":["string","null"],"enum":["low","high",null]}},"required":["title","due"]}
  /// }
  /// ```
  ///
  /// Dates are written as ISO 8601 text: decode with
  /// ``JSONValue/decode(_:)``, which reads them so.
  ///
  /// - Parameter type: The type to describe.
  /// - Returns: The schema.
  /// - Throws: ``SchemaDerivationError`` naming the type and coding path
  ///   when the decoding cannot be described exactly: a type that contains
  ///   itself, an `init(from:)` that asks for different members depending on
  ///   the values, one that throws on any value, dynamic keys, or a
  ///   ``SchemaDescribing`` entry that does not fit. It never returns a
  ///   schema that is wrong.
  public static func derived<T: Decodable>(from type: T.Type) throws(SchemaDerivationError) -> JSONSchema {
    let first = try SchemaDerivation.run(T.self, variant: 0)
    let second = try SchemaDerivation.run(T.self, variant: 1)
    if first.schema != second.schema {
      let path = SchemaDerivation.firstDifference(first.schema, second.schema)
      let typeName = first.deepestType(at: path) ?? String(describing: T.self)
      throw SchemaDerivationError(typeName: typeName, codingPath: path.pointer, problem: .dependsOnValues)
    }
    return JSONSchema(built: .object(first.schema))
  }

  /// The derived schema, or a schema that fails ``verify()`` with
  /// ``SchemaError/notDerivable(_:)`` (and accepts nothing) when the type
  /// cannot be described; for defaults that cannot throw.
  static func derivedOrUnusable<T: Decodable>(from type: T.Type) -> JSONSchema {
    do {
      return try derived(from: T.self)
    } catch {
      return JSONSchema(failed: .notDerivable(error))
    }
  }
}

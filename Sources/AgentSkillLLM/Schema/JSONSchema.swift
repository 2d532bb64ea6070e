import AgentSkill

/// A JSON Schema (draft 2020-12): the document sent to models as a tool's
/// parameters, and a validator for the arguments they send back.
///
/// Build schemas with the typed factories, or wrap any schema document:
///
/// ```swift
/// let weather = JSONSchema.object(
///   properties: [
///     "city": .string(description: "City name", enum: ["北京", "上海"]),
///     "days": .integer(description: "Forecast length", minimum: 1, maximum: 7),
///   ],
///   required: ["city"]
/// )
/// weather.json.rendered()
/// // {"type":"object","properties":{"city":{"type":"string","description":"City name", …
///
/// let parsed = try JSONSchema(JSONValue(parsing: #"{"type": "string", "maxLength": 20}"#))
///
/// for violation in weather.validate(["city": "巴黎", "days": 9]) {
///   print(violation)  // /city: must be one of "北京", "上海"
///                     // /days: must be at most 7
/// }
/// ```
///
/// The schema is compiled once into an internal program, so validation
/// never walks the schema's JSON again. Supported: every draft 2020-12
/// validation and applicator keyword (`type`, `enum`, `const`, numeric,
/// string and array bounds, `pattern`, `uniqueItems`, `prefixItems`,
/// `items`, `contains`, `properties`, `patternProperties`,
/// `additionalProperties`, `propertyNames`, `required`, `dependentRequired`,
/// `dependentSchemas`, `allOf`/`anyOf`/`oneOf`/`not`, `if`/`then`/`else`,
/// `unevaluatedProperties`/`unevaluatedItems`), boolean schemas, and `$ref`
/// to JSON Pointers, `$anchor`s and `$id`s inside the document (recursion
/// allowed). `format` and `default` are annotations and never fail
/// validation; `$dynamicRef` resolves like `$ref`; remote references are not
/// fetched and are reported as ``SchemaError/unresolvableReference(location:reference:)``.
/// Instances nested deeper than 128 subschema evaluations get the violation
/// `is nested too deeply to validate` instead of risking the thread's stack.
///
/// Equality, hashing and `Codable` use the document (``json``); unknown
/// keywords are kept verbatim.
public struct JSONSchema: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByBooleanLiteral {
  /// How many violations ``validate(_:limit:)`` reports at most by default.
  public static let defaultViolationLimit = 20

  /// The schema document, as sent to models.
  public let json: JSONValue

  /// The compiled program; compiled lazily for schemas made by the builder.
  private let compiled: LockIsolated<Result<SchemaProgram, SchemaError>?>

  /// Wraps and compiles a schema document.
  ///
  /// ```swift
  /// let schema = try JSONSchema(["type": "object", "properties": ["city": ["type": "string"]]])
  /// ```
  ///
  /// - Parameter json: The schema: an object or a boolean.
  /// - Throws: ``SchemaError`` when the document is not a valid schema: a
  ///   non-schema value, a keyword of the wrong type, an invalid regular
  ///   expression, a `$ref` that names nothing in the document, or a `$ref`
  ///   cycle that never descends into the instance.
  public init(_ json: JSONValue) throws(SchemaError) {
    let program = try SchemaCompiler.compile(json)
    self.json = json
    self.compiled = LockIsolated(.success(program))
  }

  /// Wraps a document built by the factories; it is compiled on first use.
  init(built json: JSONValue) {
    self.json = json
    self.compiled = LockIsolated(nil)
  }

  /// A schema that accepts nothing and reports `error` from ``verify()``.
  init(failed error: SchemaError) {
    self.json = .bool(false)
    self.compiled = LockIsolated(.failure(error))
  }

  /// `true` accepts every value, `false` none.
  ///
  /// - Parameter value: The boolean schema.
  public init(booleanLiteral value: Bool) {
    self.init(built: .bool(value))
  }

  // MARK: Validation

  /// Checks `value` against the schema.
  ///
  /// ```swift
  /// let schema = JSONSchema.object(properties: ["city": .string(enum: ["北京", "上海"])], required: ["city"])
  /// let violations = schema.validate(["city": "巴黎"])
  /// if !violations.isEmpty {
  ///   let feedback = violations.map(\.description).joined(separator: "\n")
  ///   print(feedback)  // /city: must be one of "北京", "上海"
  /// }
  /// ```
  ///
  /// A schema built by the factories with an invalid part (a bad `pattern`,
  /// for example) reports one violation with keyword `$schema` that
  /// describes the ``SchemaError``; ``verify()`` finds it up front.
  ///
  /// - Parameters:
  ///   - value: The instance to check.
  ///   - limit: The most violations to report (at least one); big inputs stop there.
  /// - Returns: The violations, in schema order; empty when `value` is valid.
  public func validate(_ value: JSONValue, limit: Int = JSONSchema.defaultViolationLimit) -> [SchemaViolation] {
    switch program() {
    case .success(let program):
      var evaluator = SchemaEvaluator(program: program, recording: true, limit: limit)
      _ = evaluator.evaluate(0, value, nil)
      return evaluator.violations
    case .failure(let error):
      return [SchemaViolation(path: "", keyword: "$schema", message: "cannot be checked: \(error.description)")]
    }
  }

  /// Whether `value` satisfies the schema; faster than ``validate(_:limit:)``
  /// because it stops at the first failure and builds no messages.
  ///
  /// - Parameter value: The instance to check.
  /// - Returns: `true` when `value` is valid; `false` also when the schema itself is invalid.
  public func isValid(_ value: JSONValue) -> Bool {
    guard case .success(let program) = program() else { return false }
    var evaluator = SchemaEvaluator(program: program, recording: false, limit: 1)
    return evaluator.evaluate(0, value, nil)
  }

  /// Compiles the schema now and reports whether it is valid.
  ///
  /// Schemas made by ``init(_:)`` are already known to be valid; use this on
  /// schemas made by the factories, for example when registering a tool.
  ///
  /// - Throws: ``SchemaError`` when a part of the schema is invalid.
  public func verify() throws(SchemaError) {
    if case .failure(let error) = program() { throw error }
  }

  private func program() -> Result<SchemaProgram, SchemaError> {
    compiled.withValue { cached in
      if let cached { return cached }
      let result: Result<SchemaProgram, SchemaError>
      do throws(SchemaError) {
        result = .success(try SchemaCompiler.compile(json))
      } catch {
        result = .failure(error)
      }
      cached = result
      return result
    }
  }

  // MARK: Hashable, Codable, description

  /// Schemas are equal when their documents are.
  public static func == (lhs: JSONSchema, rhs: JSONSchema) -> Bool {
    lhs.json == rhs.json
  }

  /// Hashes the document.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(json)
  }

  /// Decodes and compiles a schema document.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.dataCorrupted` carrying the ``SchemaError``
  ///   when the document is not a valid schema.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let json = try container.decode(JSONValue.self)
    do {
      try self.init(json)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "not a valid JSON Schema: \(error.description)",
          underlyingError: error
        )
      )
    }
  }

  /// Encodes the schema document, unknown keywords included.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(json)
  }

  /// The compact JSON text of the document.
  public var description: String { json.rendered() }
}

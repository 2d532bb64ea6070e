/// A check on tool arguments beyond the JSON Schema, run before the skill.
///
/// Schemas describe shapes; validators describe facts the schema cannot
/// hold comfortably, such as "the city must be one the weather service
/// covers". Violations use the same
/// ``SchemaViolation`` shape as the schema's, so the model gets one list of
/// problems to fix:
///
/// ```swift
/// struct CityWeatherSkill: ToolSkill {
///   struct Input: Decodable, Sendable { let city: String }
///
///   let id = "weather"
///   let description = "Weather today in a supported city."
///   var inputSchema: JSONSchema { .object(properties: ["city": .string()], required: ["city"]) }
///   var validators: [ArgumentValidator] {
///     [.allowedValues(["北京", "上海", "广州", "深圳"], at: "/city")]
///   }
///
///   func run(_ input: Input, context: SkillContext) async throws -> ToolOutput { .text("\(input.city): 多云") }
/// }
/// // Arguments {"city": "纽约"} are rejected with
/// // /city: "纽约" is not supported; supported: 北京, 上海, 广州, 深圳
/// ```
///
/// A validator can publish the values it accepts per argument path in
/// ``knownValues``; an offline model fills arguments from these entity lists
/// (`["/city": ["北京", "上海", …]]`).
///
/// Validators must be side-effect free. Paths are JSON Pointers into the
/// arguments object; `*` stands for every array element or object member
/// (`/stops/*/city`).
public struct ArgumentValidator: Sendable {
  /// The check: receives the arguments object and returns its violations.
  public typealias Check = nonisolated(nonsending) @Sendable (JSONValue) async -> [SchemaViolation]

  /// A short name for logs, such as `allowedValues(/city)`.
  public let name: String
  /// The values this validator accepts, per argument path (`/city`), for
  /// offline models and suggestions; empty when the set is open.
  public let knownValues: [String: [String]]
  private let check: Check

  /// Creates a validator from a check.
  ///
  /// ```swift
  /// let notPast = ArgumentValidator("notInThePast") { arguments in
  ///   guard let date = arguments["date"]?.stringValue, date < today else { return [] }
  ///   return [SchemaViolation(path: "/date", keyword: "notInThePast", message: "must not be in the past")]
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - name: A short name for logs.
  ///   - knownValues: The values accepted per argument path, when the set is closed.
  ///   - check: Returns the violations of the arguments; empty when they are fine.
  public init(_ name: String = "custom", knownValues: [String: [String]] = [:], check: @escaping Check) {
    self.name = name
    self.knownValues = knownValues
    self.check = check
  }

  /// Checks `arguments`.
  ///
  /// - Parameter arguments: The arguments object the model sent.
  /// - Returns: The violations; empty when the arguments are fine.
  public nonisolated(nonsending) func validate(_ arguments: JSONValue) async -> [SchemaViolation] {
    await check(arguments)
  }

  /// The most accepted values an ``allowedValues(_:at:caseSensitive:maximumListed:)`` message lists.
  public static let defaultMaximumListed = 20

  /// Accepts only the listed strings at `path`.
  ///
  /// Only strings are checked: a missing member or a value of another type is
  /// left to the schema (`required`, `type`). The violation lists the accepted
  /// values so the model can pick one:
  /// `/city: "纽约" is not supported; supported: 北京, 上海, 广州`.
  ///
  /// - Parameters:
  ///   - values: The accepted strings, in the order to list them.
  ///   - path: A JSON Pointer such as `/city` or `/stops/*/city`.
  ///   - caseSensitive: Whether `Beijing` and `beijing` differ. Defaults to `true`;
  ///     when `false`, case and width are ignored and the skill receives the model's spelling.
  ///   - maximumListed: The most values listed in a message; the rest are counted.
  /// - Returns: The validator; its ``knownValues`` are `[path: values]`.
  public static func allowedValues(
    _ values: [String],
    at path: String,
    caseSensitive: Bool = true,
    maximumListed: Int = defaultMaximumListed
  ) -> ArgumentValidator {
    let argumentPath = ArgumentPath(path)
    let accepted = Set(values.map { caseSensitive ? $0 : TextFolding.fold($0) })
    let listing = Self.listing(values, maximum: maximumListed)
    return ArgumentValidator("allowedValues(\(path))", knownValues: [path: values]) { arguments in
      var violations: [SchemaViolation] = []
      for (pointer, value) in argumentPath.values(in: arguments) {
        guard case .string(let text) = value else { continue }
        let key = caseSensitive ? text : TextFolding.fold(text)
        if !accepted.contains(key) {
          violations.append(
            SchemaViolation(
              path: pointer,
              keyword: "allowedValues",
              message: "\(ToolText.quoted(text)) is not supported; supported: \(listing)"
            )
          )
        }
      }
      return violations
    }
  }

  /// Checks every value at `path` with a rule that returns a message for a bad value.
  ///
  /// ```swift
  /// let amountLimit = ArgumentValidator.rule(at: "/amount") { value in
  ///   (value.doubleValue ?? 0) > 100_000 ? "must be at most 100000; ask the user to confirm larger amounts" : nil
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - path: A JSON Pointer such as `/amount` or `/items/*/amount`; missing values are skipped.
  ///   - keyword: The keyword reported in violations.
  ///   - rule: Returns what is wrong with a value, or `nil` when it is fine.
  /// - Returns: The validator.
  public static func rule(
    at path: String,
    keyword: String = "rule",
    _ rule: @escaping @Sendable (JSONValue) -> String?
  ) -> ArgumentValidator {
    let argumentPath = ArgumentPath(path)
    return ArgumentValidator("rule(\(path))") { arguments in
      argumentPath.values(in: arguments).compactMap { pointer, value in
        rule(value).map { SchemaViolation(path: pointer, keyword: keyword, message: $0) }
      }
    }
  }

  /// `北京, 上海, … (12 more)`.
  static func listing(_ values: [String], maximum: Int) -> String {
    let shown = values.prefix(max(1, maximum))
    var text = shown.joined(separator: ", ")
    if values.count > shown.count { text += ", … (\(values.count - shown.count) more)" }
    return text
  }
}

extension Array where Element == ArgumentValidator {
  /// The validators' known values merged per path, in order, without repeats.
  var mergedKnownValues: [String: [String]] {
    var merged: [String: [String]] = [:]
    for validator in self {
      for (path, values) in validator.knownValues {
        var list = merged[path] ?? []
        for value in values where !list.contains(value) { list.append(value) }
        merged[path] = list
      }
    }
    return merged
  }
}

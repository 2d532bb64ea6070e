/// Runs a ``SchemaProgram`` against one instance.
///
/// In quiet mode it only answers valid/invalid and stops at the first
/// failure. In recording mode it also collects violations (up to a limit)
/// with the instance location, which it tracks only while recording.
/// Subschemas whose failure is not itself an error (the branches of `anyOf`,
/// `oneOf`, `not`, `if`, `contains`, `propertyNames`) are run quietly first
/// and explained only when the outcome is a violation.
struct SchemaEvaluator {
  /// Deeper nesting of subschema evaluations is reported instead of risking the stack.
  static let maximumDepth = 1_000

  private enum PathToken {
    case key(String)
    case index(Int)
  }

  private let nodes: [SchemaNode]
  private let limit: Int
  private var recording: Bool
  private var path: [PathToken] = []
  private var depth = 0
  private(set) var violations: [SchemaViolation] = []

  init(program: SchemaProgram, recording: Bool, limit: Int) {
    self.nodes = program.nodes
    self.recording = recording
    self.limit = max(1, limit)
  }

  private var isFull: Bool { violations.count >= limit }

  // MARK: - Recording

  private var currentPath: String {
    var result = ""
    for token in path {
      result += "/"
      switch token {
      case .key(let key): result += Self.escape(key)
      case .index(let index): result += String(index)
      }
    }
    return result
  }

  private static func escape(_ key: String) -> String {
    guard key.contains("~") || key.contains("/") else { return key }
    var result = ""
    for character in key {
      switch character {
      case "~": result += "~0"
      case "/": result += "~1"
      default: result.append(character)
      }
    }
    return result
  }

  private mutating func record(_ keyword: String, _ message: @autoclosure () -> String, member: String? = nil) {
    guard recording, !isFull else { return }
    var location = currentPath
    if let member { location += "/" + Self.escape(member) }
    violations.append(SchemaViolation(path: location, keyword: keyword, message: message()))
  }

  private mutating func record(_ branch: [SchemaViolation]) {
    guard recording else { return }
    for violation in branch where !isFull { violations.append(violation) }
  }

  // MARK: - Evaluation

  /// Whether `instance` satisfies node `id`; adds the properties and items
  /// it evaluated to `annotations` when valid.
  mutating func evaluate(_ id: Int, _ instance: JSONValue, _ annotations: SchemaAnnotations?) -> Bool {
    guard nodes.indices.contains(id) else { return true }
    let node = nodes[id]
    let checks: [SchemaCheck]
    switch node.body {
    case .anything: return true
    case .nothing:
      record("false", "is not allowed")
      return false
    case .checks(let nodeChecks): checks = nodeChecks
    }
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else {
      record("$ref", "is nested too deeply to validate (more than \(Self.maximumDepth) levels)")
      return false
    }
    let local: SchemaAnnotations? = annotations != nil || node.tracksEvaluation ? SchemaAnnotations() : nil
    var valid = true
    for check in checks where !apply(check, to: instance, local) {
      valid = false
      if !recording || isFull { return false }
      // Keywords after a wrong type would only repeat it in other words.
      if case .type = check { return false }
    }
    if let unevaluated = node.unevaluatedProperties, let local, case .object(let object) = instance {
      for (key, value) in object where !local.isEvaluated(property: key) {
        if !evaluateMember(key, value, unevaluated, keyword: "unevaluatedProperties", allowed: nil) {
          valid = false
          if !recording || isFull { return false }
        }
      }
      local.allProperties = true
    }
    if let unevaluated = node.unevaluatedItems, let local, case .array(let elements) = instance {
      for (position, element) in elements.enumerated() where !local.isEvaluated(item: position) {
        if !evaluateItem(position, element, unevaluated, keyword: "unevaluatedItems") {
          valid = false
          if !recording || isFull { return false }
          break
        }
      }
      local.allItems = true
    }
    if valid, let annotations, let local { annotations.merge(local) }
    return valid
  }

  /// Evaluates a subschema on a child value, tracking the path while recording.
  private mutating func descend(_ token: PathToken, _ id: Int, _ value: JSONValue) -> Bool {
    let tracking = recording
    if tracking { path.append(token) }
    defer { if tracking { path.removeLast() } }
    return evaluate(id, value, nil)
  }

  /// Evaluates a subschema without recording anything.
  private mutating func test(_ id: Int, _ instance: JSONValue, _ annotations: SchemaAnnotations?) -> Bool {
    let saved = recording
    recording = false
    defer { recording = saved }
    return evaluate(id, instance, annotations)
  }

  /// The violations a subschema reports for `instance`, kept apart from the rest.
  private mutating func explain(_ id: Int, _ instance: JSONValue) -> [SchemaViolation] {
    let saved = violations
    violations = []
    _ = evaluate(id, instance, nil)
    let branch = violations
    violations = saved
    return branch
  }

  /// Evaluates an in-place subschema, keeping its annotations when valid.
  private mutating func applyInPlace(_ id: Int, _ instance: JSONValue, _ local: SchemaAnnotations?) -> Bool {
    let child = local == nil ? nil : SchemaAnnotations()
    guard evaluate(id, instance, child) else { return false }
    if let local, let child { local.merge(child) }
    return true
  }

  private func isNothing(_ id: Int) -> Bool {
    guard nodes.indices.contains(id), case .nothing = nodes[id].body else { return false }
    return true
  }

  /// An object member checked by `additionalProperties` or `unevaluatedProperties`.
  private mutating func evaluateMember(
    _ key: String,
    _ value: JSONValue,
    _ id: Int,
    keyword: String,
    allowed: [String]?
  ) -> Bool {
    if isNothing(id) {
      record(keyword, SchemaMessages.unexpectedProperty(key, allowed: allowed))
      return false
    }
    return descend(.key(key), id, value)
  }

  /// An array item checked by `items` or `unevaluatedItems`.
  private mutating func evaluateItem(_ position: Int, _ value: JSONValue, _ id: Int, keyword: String) -> Bool {
    if isNothing(id) {
      record(keyword, SchemaMessages.atMost(position, "item"))
      return false
    }
    return descend(.index(position), id, value)
  }

  private mutating func apply(_ check: SchemaCheck, to instance: JSONValue, _ local: SchemaAnnotations?) -> Bool {
    switch check {
    case .type(let types, let names):
      guard types.admits(instance) else {
        record("type", "must be \(SchemaMessages.types(names)), got \(SchemaMessages.typeName(of: instance))")
        return false
      }
      return true
    case .enumeration(let values, let set):
      guard set.contains(instance) else {
        record("enum", SchemaMessages.oneOf(values))
        return false
      }
      return true
    case .constant(let value):
      guard instance == value else {
        record("const", "must be \(SchemaMessages.render(value))")
        return false
      }
      return true
    case .multipleOf, .minimum, .maximum, .exclusiveMinimum, .exclusiveMaximum:
      return applyNumeric(check, to: instance)
    case .minLength, .maxLength, .pattern:
      return applyString(check, to: instance)
    case .minItems, .maxItems, .uniqueItems, .prefixItems, .items, .contains:
      guard case .array(let elements) = instance else { return true }
      return applyArray(check, to: elements, local)
    case .minProperties, .maxProperties, .required, .properties, .patternProperties, .additionalProperties,
      .propertyNames, .dependentRequired, .dependentSchemas:
      guard case .object(let object) = instance else { return true }
      return applyObject(check, to: object, instance, local)
    case .reference, .allOf, .anyOf, .oneOf, .not, .conditional:
      return applyCombinator(check, to: instance, local)
    }
  }

  private mutating func applyNumeric(_ check: SchemaCheck, to instance: JSONValue) -> Bool {
    switch instance {
    case .integer, .number: break
    default: return true
    }
    switch check {
    case .multipleOf(let divisor):
      guard SchemaNumber.isMultiple(instance, of: divisor) else {
        record("multipleOf", "must be a multiple of \(SchemaMessages.render(divisor))")
        return false
      }
    case .minimum(let bound):
      guard let order = SchemaNumber.compare(instance, bound), order >= 0 else {
        record("minimum", "must be at least \(SchemaMessages.render(bound))")
        return false
      }
    case .maximum(let bound):
      guard let order = SchemaNumber.compare(instance, bound), order <= 0 else {
        record("maximum", "must be at most \(SchemaMessages.render(bound))")
        return false
      }
    case .exclusiveMinimum(let bound):
      guard let order = SchemaNumber.compare(instance, bound), order > 0 else {
        record("exclusiveMinimum", "must be greater than \(SchemaMessages.render(bound))")
        return false
      }
    case .exclusiveMaximum(let bound):
      guard let order = SchemaNumber.compare(instance, bound), order < 0 else {
        record("exclusiveMaximum", "must be less than \(SchemaMessages.render(bound))")
        return false
      }
    default: break
    }
    return true
  }

  private mutating func applyString(_ check: SchemaCheck, to instance: JSONValue) -> Bool {
    guard case .string(let string) = instance else { return true }
    switch check {
    case .minLength(let length):
      // JSON Schema counts Unicode code points.
      guard string.unicodeScalars.count >= length else {
        record("minLength", "must be at least \(SchemaMessages.count(length, "character")) long")
        return false
      }
    case .maxLength(let length):
      guard string.unicodeScalars.count <= length else {
        record("maxLength", "must be at most \(SchemaMessages.count(length, "character")) long")
        return false
      }
    case .pattern(let pattern):
      guard pattern.matches(string) else {
        record("pattern", "must match pattern \(pattern.source)")
        return false
      }
    default: break
    }
    return true
  }

  private mutating func applyArray(_ check: SchemaCheck, to elements: [JSONValue], _ local: SchemaAnnotations?) -> Bool
  {
    switch check {
    case .minItems(let count):
      guard elements.count >= count else {
        record("minItems", SchemaMessages.atLeast(count, "item"))
        return false
      }
    case .maxItems(let count):
      guard elements.count <= count else {
        record("maxItems", SchemaMessages.atMost(count, "item"))
        return false
      }
    case .uniqueItems:
      var seen: [JSONValue: Int] = [:]
      for (position, element) in elements.enumerated() {
        if let first = seen.updateValue(position, forKey: element) {
          record("uniqueItems", "must not contain duplicate items (items \(first) and \(position) are equal)")
          return false
        }
      }
    case .prefixItems(let ids):
      var valid = true
      for (position, id) in ids.enumerated() where position < elements.count {
        if !descend(.index(position), id, elements[position]) {
          valid = false
          if !recording || isFull { return false }
        }
      }
      local?.itemPrefix = max(local?.itemPrefix ?? 0, min(ids.count, elements.count))
      return valid
    case .items(let id, let start):
      var valid = true
      for position in elements.indices where position >= start {
        if !evaluateItem(position, elements[position], id, keyword: "items") {
          valid = false
          if !recording || isFull || isNothing(id) { return false }
        }
      }
      local?.allItems = true
      return valid
    case .contains(let id, let minimum, let maximum):
      var matches = 0
      for (position, element) in elements.enumerated() where test(id, element, nil) {
        matches += 1
        local?.items.insert(position)
        if local == nil, maximum == nil, matches >= minimum { break }
      }
      if matches < minimum {
        record(
          minimum == 1 ? "contains" : "minContains",
          "must contain at least \(SchemaMessages.count(minimum, "item")) matching the \"contains\" schema"
        )
        return false
      }
      if let maximum, matches > maximum {
        record(
          "maxContains",
          "must contain at most \(SchemaMessages.count(maximum, "item")) matching the \"contains\" schema")
        return false
      }
    default: break
    }
    return true
  }

  private mutating func applyObject(
    _ check: SchemaCheck,
    to object: JSONObject,
    _ instance: JSONValue,
    _ local: SchemaAnnotations?
  ) -> Bool {
    var valid = true
    switch check {
    case .minProperties(let count):
      guard object.count >= count else {
        record("minProperties", SchemaMessages.atLeast(count, "property", plural: "properties"))
        return false
      }
    case .maxProperties(let count):
      guard object.count <= count else {
        record("maxProperties", SchemaMessages.atMost(count, "property", plural: "properties"))
        return false
      }
    case .required(let names):
      for name in names where object[name] == nil {
        record("required", "is required", member: name)
        valid = false
        if !recording || isFull { return false }
      }
    case .dependentRequired(let dependencies):
      for dependency in dependencies where object[dependency.name] != nil {
        for name in dependency.requires where object[name] == nil {
          record(
            "dependentRequired", "is required when \(SchemaMessages.render(.string(dependency.name))) is present",
            member: name)
          valid = false
          if !recording || isFull { return false }
        }
      }
    case .properties(let properties):
      for property in properties {
        guard let value = object[property.name] else { continue }
        local?.properties.insert(property.name)
        if !descend(.key(property.name), property.node, value) {
          valid = false
          if !recording || isFull { return false }
        }
      }
    case .patternProperties(let patterns):
      for (key, value) in object {
        for entry in patterns where entry.pattern.matches(key) {
          local?.properties.insert(key)
          if !descend(.key(key), entry.node, value) {
            valid = false
            if !recording || isFull { return false }
          }
        }
      }
    case .additionalProperties(let id, let declared, let declaredInOrder, let patterns):
      let allowed = patterns.isEmpty && !declaredInOrder.isEmpty ? declaredInOrder : nil
      for (key, value) in object where !declared.contains(key) && !patterns.contains(where: { $0.matches(key) }) {
        if !evaluateMember(key, value, id, keyword: "additionalProperties", allowed: allowed) {
          valid = false
          if !recording || isFull { return false }
        }
      }
      local?.allProperties = true
    case .propertyNames(let id):
      for key in object.keys where !test(id, .string(key), nil) {
        valid = false
        guard recording else { return false }
        if isNothing(id) {
          record("propertyNames", "property name \(SchemaMessages.render(.string(key))) is not allowed")
        } else {
          let reason = explain(id, .string(key)).first?.message ?? "is not allowed"
          record("propertyNames", "property name \(SchemaMessages.render(.string(key))) \(reason)")
        }
        if isFull { return false }
      }
    case .dependentSchemas(let dependencies):
      for dependency in dependencies where object[dependency.name] != nil {
        if !applyInPlace(dependency.node, instance, local) {
          valid = false
          if !recording || isFull { return false }
        }
      }
    default: break
    }
    return valid
  }

  private mutating func applyCombinator(_ check: SchemaCheck, to instance: JSONValue, _ local: SchemaAnnotations?)
    -> Bool
  {
    switch check {
    case .reference(let id):
      return applyInPlace(id, instance, local)
    case .allOf(let ids):
      var valid = true
      for id in ids where !applyInPlace(id, instance, local) {
        valid = false
        if !recording || isFull { return false }
      }
      return valid
    case .anyOf(let ids):
      var matched = false
      for id in ids {
        let child = local == nil ? nil : SchemaAnnotations()
        guard test(id, instance, child) else { continue }
        matched = true
        guard let local, let child else { break }
        // Annotations come from every matching branch, so keep going.
        local.merge(child)
      }
      if !matched { explainAlternatives(ids, instance, keyword: "anyOf") }
      return matched
    case .oneOf(let ids):
      var matches: [Int] = []
      var matchedAnnotations: SchemaAnnotations?
      for (position, id) in ids.enumerated() {
        let child = local == nil ? nil : SchemaAnnotations()
        guard test(id, instance, child) else { continue }
        matches.append(position)
        matchedAnnotations = child
        if matches.count > 1 { break }
      }
      switch matches.count {
      case 1:
        if let local, let matchedAnnotations { local.merge(matchedAnnotations) }
        return true
      case 0:
        explainAlternatives(ids, instance, keyword: "oneOf")
      default:
        record(
          "oneOf",
          "must match exactly one schema in \"oneOf\", but matches schemas \(matches[0]) and \(matches[1])"
        )
      }
      return false
    case .not(let id):
      guard test(id, instance, nil) else { return true }
      let excluded = nodes.indices.contains(id) ? nodes[id] : nil
      record("not", SchemaMessages.mustNot(excluded))
      return false
    case .conditional(let condition, let then, let otherwise):
      let child = local == nil ? nil : SchemaAnnotations()
      if test(condition, instance, child) {
        if let local, let child { local.merge(child) }
        return then.map { applyInPlace($0, instance, local) } ?? true
      }
      return otherwise.map { applyInPlace($0, instance, local) } ?? true
    default:
      return true
    }
  }

  /// Explains why no branch of `anyOf`/`oneOf` matched: the violations of
  /// the only branch whose type fits, else the types allowed, else a summary.
  private mutating func explainAlternatives(_ ids: [Int], _ instance: JSONValue, keyword: String) {
    guard recording, !isFull else { return }
    let here = currentPath
    var candidates: [[SchemaViolation]] = []
    var expectedTypes: [String] = []
    var everyMismatchNamesItsTypes = true
    for id in ids {
      let branch = explain(id, instance)
      let wrongType = branch.contains { $0.path == here && ($0.keyword == "type" || $0.keyword == "false") }
      guard wrongType else {
        candidates.append(branch)
        continue
      }
      if let names = nodes.indices.contains(id) ? nodes[id].typeNames : nil {
        expectedTypes += names.filter { !expectedTypes.contains($0) }
      } else {
        everyMismatchNamesItsTypes = false
      }
    }
    if candidates.count == 1, let only = candidates.first, !only.isEmpty {
      record(only)
    } else if candidates.isEmpty, everyMismatchNamesItsTypes, !expectedTypes.isEmpty {
      record(keyword, "must be \(SchemaMessages.types(expectedTypes)), got \(SchemaMessages.typeName(of: instance))")
    } else {
      let quantity = keyword == "oneOf" ? "exactly one" : "at least one"
      record(keyword, "must match \(quantity) of the \(ids.count) schemas in \"\(keyword)\"")
    }
  }
}

/// The properties and items a schema evaluated, for `unevaluatedProperties`
/// and `unevaluatedItems`.
final class SchemaAnnotations {
  var allProperties = false
  var properties: Set<String> = []
  var allItems = false
  var itemPrefix = 0
  var items: Set<Int> = []

  func isEvaluated(property: String) -> Bool { allProperties || properties.contains(property) }

  func isEvaluated(item position: Int) -> Bool { allItems || position < itemPrefix || items.contains(position) }

  func merge(_ other: SchemaAnnotations) {
    allProperties = allProperties || other.allProperties
    properties.formUnion(other.properties)
    allItems = allItems || other.allItems
    itemPrefix = max(itemPrefix, other.itemPrefix)
    items.formUnion(other.items)
  }
}

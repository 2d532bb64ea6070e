/// Runs a ``SchemaProgram`` against one instance.
///
/// In quiet mode it only answers valid/invalid and stops at the first
/// failure. In recording mode it also collects violations (up to a limit)
/// with the instance location, which it tracks only while recording.
/// Subschemas whose failure is not itself an error (the branches of `anyOf`,
/// `oneOf`, `not`, `if`, `contains`, `propertyNames`) are run quietly first
/// and explained only when the outcome is a violation.
///
/// Evaluation recurses once per subschema, so the functions on that path are
/// kept small (stack frames of unoptimized builds are large, and threads
/// other than the main one may have only 512 KB), and the depth is capped.
struct SchemaEvaluator {
  /// Deeper nesting of subschema evaluations is reported instead of risking the stack.
  static let maximumDepth = 128

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

  /// Whether a failure ends the current keyword: always when quiet, else when the list is full.
  private var mustStop: Bool { !recording || violations.count >= limit }

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

  // MARK: - Recursive path

  /// Whether `instance` satisfies node `id`; adds the properties and items
  /// it evaluated to `annotations` when valid.
  mutating func evaluate(_ id: Int, _ instance: JSONValue, _ annotations: SchemaAnnotations?) -> Bool {
    guard nodes.indices.contains(id) else { return true }
    guard case .checks(let checks) = nodes[id].body else { return evaluateBoolean(id) }
    guard depth < Self.maximumDepth else { return reportTooDeep() }
    depth += 1
    defer { depth -= 1 }
    let tracks = nodes[id].tracksEvaluation
    let local: SchemaAnnotations? = annotations != nil || tracks ? SchemaAnnotations() : nil
    var valid = true
    for check in checks where !apply(check, to: instance, local) {
      valid = false
      if mustStop || check.isType { return false }
    }
    if tracks, let local, !applyUnevaluated(id, instance, local) { valid = false }
    if valid, let annotations, let local { annotations.merge(local) }
    return valid
  }

  @inline(never)
  private mutating func evaluateBoolean(_ id: Int) -> Bool {
    guard case .nothing = nodes[id].body else { return true }
    record("false", "is not allowed")
    return false
  }

  @inline(never)
  private mutating func reportTooDeep() -> Bool {
    record("$ref", "is nested too deeply to validate (more than \(Self.maximumDepth) levels)")
    return false
  }

  /// One keyword. Assertions are checked in ``applyAssertion(_:to:)``, off
  /// the recursive path; each applicator has its own function that takes
  /// its payload apart, so this frame stays small.
  private mutating func apply(_ check: SchemaCheck, to instance: JSONValue, _ local: SchemaAnnotations?) -> Bool {
    switch check {
    case .reference, .allOf, .anyOf, .oneOf, .not, .conditional, .dependentSchemas:
      return applyInPlaceApplicator(check, instance, local)
    case .prefixItems, .items, .contains:
      guard case .array(let elements) = instance else { return true }
      return applyItemApplicator(check, elements, local)
    case .properties, .patternProperties, .additionalProperties, .propertyNames:
      guard case .object(let object) = instance else { return true }
      return applyMemberApplicator(check, object, local)
    default:
      return applyAssertion(check, to: instance)
    }
  }

  private mutating func applyInPlaceApplicator(
    _ check: SchemaCheck,
    _ instance: JSONValue,
    _ local: SchemaAnnotations?
  ) -> Bool {
    switch check {
    case .reference(let id): applyInPlace(id, instance, local)
    case .allOf(let ids): applyAllOf(ids, instance, local)
    case .anyOf(let ids): applyAnyOf(ids, instance, local)
    case .oneOf(let ids): applyOneOf(ids, instance, local)
    case .not(let id): applyNot(id, instance)
    case .conditional(let condition, let then, let otherwise):
      applyConditional(condition, then, otherwise, instance, local)
    case .dependentSchemas(let dependencies):
      applyDependentSchemas(dependencies, instance, local)
    default: true
    }
  }

  private mutating func applyItemApplicator(
    _ check: SchemaCheck,
    _ elements: [JSONValue],
    _ local: SchemaAnnotations?
  ) -> Bool {
    switch check {
    case .prefixItems(let ids): applyPrefixItems(ids, elements, local)
    case .items(let id, let start): applyItems(id, from: start, elements, local)
    case .contains(let id, let minimum, let maximum): applyContains(id, minimum, maximum, elements, local)
    default: true
    }
  }

  private mutating func applyMemberApplicator(
    _ check: SchemaCheck,
    _ object: JSONObject,
    _ local: SchemaAnnotations?
  ) -> Bool {
    switch check {
    case .properties(let properties): applyProperties(properties, object, local)
    case .patternProperties(let patterns): applyPatternProperties(patterns, object, local)
    case .additionalProperties(let id, let declared, let declaredInOrder, let patterns):
      applyAdditionalProperties(id, declared, declaredInOrder, patterns, object, local)
    case .propertyNames(let id): applyPropertyNames(id, object)
    default: true
    }
  }

  /// Evaluates a subschema on a child value, tracking the path while recording.
  private mutating func descend(_ token: PathToken, _ id: Int, _ value: JSONValue) -> Bool {
    guard recording else { return evaluate(id, value, nil) }
    path.append(token)
    let valid = evaluate(id, value, nil)
    path.removeLast()
    return valid
  }

  /// Evaluates a subschema without recording anything.
  private mutating func test(_ id: Int, _ instance: JSONValue, _ annotations: SchemaAnnotations?) -> Bool {
    let saved = recording
    recording = false
    let valid = evaluate(id, instance, annotations)
    recording = saved
    return valid
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

  // MARK: Applicators on the same instance

  private mutating func applyAllOf(_ ids: [Int], _ instance: JSONValue, _ local: SchemaAnnotations?) -> Bool {
    var valid = true
    for id in ids where !applyInPlace(id, instance, local) {
      valid = false
      if mustStop { return false }
    }
    return valid
  }

  @inline(never)
  private mutating func applyAnyOf(_ ids: [Int], _ instance: JSONValue, _ local: SchemaAnnotations?) -> Bool {
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
  }

  @inline(never)
  private mutating func applyOneOf(_ ids: [Int], _ instance: JSONValue, _ local: SchemaAnnotations?) -> Bool {
    var first: Int?
    var firstAnnotations: SchemaAnnotations?
    for (position, id) in ids.enumerated() {
      let child = local == nil ? nil : SchemaAnnotations()
      guard test(id, instance, child) else { continue }
      if let first {
        record("oneOf", "must match exactly one schema in \"oneOf\", but matches schemas \(first) and \(position)")
        return false
      }
      first = position
      firstAnnotations = child
    }
    guard first != nil else {
      explainAlternatives(ids, instance, keyword: "oneOf")
      return false
    }
    if let local, let firstAnnotations { local.merge(firstAnnotations) }
    return true
  }

  @inline(never)
  private mutating func applyNot(_ id: Int, _ instance: JSONValue) -> Bool {
    guard test(id, instance, nil) else { return true }
    let excluded = nodes.indices.contains(id) ? nodes[id] : nil
    record("not", SchemaMessages.mustNot(excluded))
    return false
  }

  private mutating func applyConditional(
    _ condition: Int,
    _ then: Int?,
    _ otherwise: Int?,
    _ instance: JSONValue,
    _ local: SchemaAnnotations?
  ) -> Bool {
    let child = local == nil ? nil : SchemaAnnotations()
    if test(condition, instance, child) {
      if let local, let child { local.merge(child) }
      guard let then else { return true }
      return applyInPlace(then, instance, local)
    }
    guard let otherwise else { return true }
    return applyInPlace(otherwise, instance, local)
  }

  private mutating func applyDependentSchemas(
    _ dependencies: [(name: String, node: Int)],
    _ instance: JSONValue,
    _ local: SchemaAnnotations?
  ) -> Bool {
    guard case .object(let object) = instance else { return true }
    var valid = true
    for dependency in dependencies where object[dependency.name] != nil {
      if !applyInPlace(dependency.node, instance, local) {
        valid = false
        if mustStop { return false }
      }
    }
    return valid
  }

  // MARK: Applicators on array items

  private mutating func applyPrefixItems(_ ids: [Int], _ elements: [JSONValue], _ local: SchemaAnnotations?) -> Bool {
    var valid = true
    for (position, id) in ids.enumerated() where position < elements.count {
      if !descend(.index(position), id, elements[position]) {
        valid = false
        if mustStop { return false }
      }
    }
    if let local { local.itemPrefix = max(local.itemPrefix, min(ids.count, elements.count)) }
    return valid
  }

  private mutating func applyItems(
    _ id: Int,
    from start: Int,
    _ elements: [JSONValue],
    _ local: SchemaAnnotations?
  ) -> Bool {
    local?.allItems = true
    guard start < elements.count else { return true }
    if isNothing(id) {
      record("items", SchemaMessages.atMost(start, "item"))
      return false
    }
    var valid = true
    for position in start..<elements.count where !descend(.index(position), id, elements[position]) {
      valid = false
      if mustStop { return false }
    }
    return valid
  }

  private mutating func applyContains(
    _ id: Int,
    _ minimum: Int,
    _ maximum: Int?,
    _ elements: [JSONValue],
    _ local: SchemaAnnotations?
  ) -> Bool {
    var matches = 0
    for (position, element) in elements.enumerated() where test(id, element, nil) {
      matches += 1
      local?.items.insert(position)
      if local == nil, maximum == nil, matches >= minimum { break }
    }
    return checkContainsCount(matches, minimum, maximum)
  }

  @inline(never)
  private mutating func checkContainsCount(_ matches: Int, _ minimum: Int, _ maximum: Int?) -> Bool {
    if matches < minimum {
      let keyword = minimum == 1 ? "contains" : "minContains"
      record(keyword, "must contain at least \(SchemaMessages.count(minimum, "item")) matching the \"contains\" schema")
      return false
    }
    if let maximum, matches > maximum {
      record(
        "maxContains", "must contain at most \(SchemaMessages.count(maximum, "item")) matching the \"contains\" schema")
      return false
    }
    return true
  }

  // MARK: Applicators on object members

  private mutating func applyProperties(
    _ properties: [(name: String, node: Int)],
    _ object: JSONObject,
    _ local: SchemaAnnotations?
  ) -> Bool {
    var valid = true
    for property in properties {
      guard let value = object[property.name] else { continue }
      local?.properties.insert(property.name)
      if !descend(.key(property.name), property.node, value) {
        valid = false
        if mustStop { return false }
      }
    }
    return valid
  }

  private mutating func applyPatternProperties(
    _ patterns: [(pattern: SchemaPattern, node: Int)],
    _ object: JSONObject,
    _ local: SchemaAnnotations?
  ) -> Bool {
    var valid = true
    for key in object.keys {
      for entry in patterns {
        guard let matched = entry.pattern.matches(key) else {
          record("patternProperties", SchemaMessages.patternGaveUp(entry.pattern.source), member: key)
          valid = false
          if mustStop { return false }
          continue
        }
        guard matched else { continue }
        local?.properties.insert(key)
        if !descend(.key(key), entry.node, object[key] ?? .null) {
          valid = false
          if mustStop { return false }
        }
      }
    }
    return valid
  }

  private mutating func applyAdditionalProperties(
    _ id: Int,
    _ declared: Set<String>,
    _ declaredInOrder: [String],
    _ patterns: [SchemaPattern],
    _ object: JSONObject,
    _ local: SchemaAnnotations?
  ) -> Bool {
    local?.allProperties = true
    let allowed = patterns.isEmpty && !declaredInOrder.isEmpty ? declaredInOrder : nil
    var valid = true
    for key in object.keys where !declared.contains(key) && !patterns.contains(where: { $0.matches(key) != false }) {
      if !applyToMember(key, object[key] ?? .null, id, keyword: "additionalProperties", allowed: allowed) {
        valid = false
        if mustStop { return false }
      }
    }
    return valid
  }

  private mutating func applyPropertyNames(_ id: Int, _ object: JSONObject) -> Bool {
    var valid = true
    for key in object.keys where !test(id, .string(key), nil) {
      valid = false
      if mustStop { return false }
      explainPropertyName(key, id)
    }
    return valid
  }

  @inline(never)
  private mutating func explainPropertyName(_ key: String, _ id: Int) {
    let name = SchemaMessages.render(.string(key))
    let reason = isNothing(id) ? "is not allowed" : explain(id, .string(key)).first?.message ?? "is not allowed"
    record("propertyNames", "property name \(name) \(reason)")
  }

  /// `unevaluatedProperties` and `unevaluatedItems`, after every other keyword.
  @inline(never)
  private mutating func applyUnevaluated(_ id: Int, _ instance: JSONValue, _ local: SchemaAnnotations) -> Bool {
    var valid = true
    if let unevaluated = nodes[id].unevaluatedProperties, case .object(let object) = instance {
      for key in object.keys where !local.isEvaluated(property: key) {
        if !applyToMember(key, object[key] ?? .null, unevaluated, keyword: "unevaluatedProperties", allowed: nil) {
          valid = false
          if mustStop { return false }
        }
      }
      local.allProperties = true
    }
    if let unevaluated = nodes[id].unevaluatedItems, case .array(let elements) = instance {
      for position in elements.indices where !local.isEvaluated(item: position) {
        if isNothing(unevaluated) {
          record("unevaluatedItems", "must not have an item at index \(position)")
          return false
        }
        if !descend(.index(position), unevaluated, elements[position]) {
          valid = false
          if mustStop { return false }
        }
      }
      local.allItems = true
    }
    return valid
  }

  /// An object member checked by `additionalProperties` or `unevaluatedProperties`.
  private mutating func applyToMember(
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

  // MARK: - Explanations

  /// Explains why no branch of `anyOf`/`oneOf` matched: the violations of
  /// the only branch whose type fits, else the types allowed, else a summary.
  @inline(never)
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
      record(keyword, "must be \(SchemaMessages.types(expectedTypes)), got \(instance.typeName)")
    } else {
      let quantity = keyword == "oneOf" ? "exactly one" : "at least one"
      record(keyword, "must match \(quantity) of the \(ids.count) schemas in \"\(keyword)\"")
    }
  }

  // MARK: - Assertions (never recurse)

  @inline(never)
  private mutating func applyAssertion(_ check: SchemaCheck, to instance: JSONValue) -> Bool {
    switch check {
    case .type(let types, let names):
      guard types.admits(instance) else {
        record("type", "must be \(SchemaMessages.types(names)), got \(instance.typeName)")
        return false
      }
    case .enumeration(let values, let set):
      guard set.contains(instance) else {
        record("enum", SchemaMessages.oneOf(values))
        return false
      }
    case .constant(let value):
      guard instance == value else {
        record("const", "must be \(SchemaMessages.render(value))")
        return false
      }
    case .multipleOf, .minimum, .maximum, .exclusiveMinimum, .exclusiveMaximum:
      return applyNumeric(check, to: instance)
    case .minLength, .maxLength, .pattern:
      return applyString(check, to: instance)
    case .minItems, .maxItems, .uniqueItems:
      guard case .array(let elements) = instance else { return true }
      return applyArrayAssertion(check, to: elements)
    case .minProperties, .maxProperties, .required, .dependentRequired:
      guard case .object(let object) = instance else { return true }
      return applyObjectAssertion(check, to: object)
    default:
      break
    }
    return true
  }

  @inline(never)
  private mutating func applyNumeric(_ check: SchemaCheck, to instance: JSONValue) -> Bool {
    switch instance {
    case .integer, .bigInteger, .number: break
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

  @inline(never)
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
      guard let matched = pattern.matches(string) else {
        record("pattern", SchemaMessages.patternGaveUp(pattern.source))
        return false
      }
      guard matched else {
        record("pattern", "must match pattern \(pattern.source)")
        return false
      }
    default: break
    }
    return true
  }

  @inline(never)
  private mutating func applyArrayAssertion(_ check: SchemaCheck, to elements: [JSONValue]) -> Bool {
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
    default: break
    }
    return true
  }

  @inline(never)
  private mutating func applyObjectAssertion(_ check: SchemaCheck, to object: JSONObject) -> Bool {
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
        if mustStop { return false }
      }
    case .dependentRequired(let dependencies):
      for dependency in dependencies where object[dependency.name] != nil {
        let trigger = SchemaMessages.render(.string(dependency.name))
        for name in dependency.requires where object[name] == nil {
          record("dependentRequired", "is required when \(trigger) is present", member: name)
          valid = false
          if mustStop { return false }
        }
      }
    default: break
    }
    return valid
  }
}

extension SchemaCheck {
  /// Whether this is the `type` check, after whose failure the rest of the schema is skipped.
  fileprivate var isType: Bool {
    if case .type = self { return true }
    return false
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

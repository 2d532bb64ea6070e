import Foundation

/// Turns a schema document into a ``SchemaProgram``, checking every keyword
/// on the way.
///
/// Two passes: the first indexes `$id` resources and `$anchor`s with their
/// base URIs; the second compiles nodes from a work list (no recursion, so
/// deep schemas cannot overflow the stack), resolving each `$ref` to a node
/// index. A final pass rejects `$ref` cycles that never descend into the
/// instance.
struct SchemaCompiler {
  private let document: JSONValue
  /// Resource URI (without fragment) → location tokens.
  private var resources: [String: [String]] = [:]
  /// `resource#anchor` → location tokens.
  private var anchors: [String: [String]] = [:]
  /// Location → the base URI its own `$id` (if any) resolves against, for
  /// every schema position the index pass visited.
  private var parentBases: [String: SchemaURI] = [:]
  private var nodes: [SchemaNode] = []
  private var nodeIDs: [String: Int] = [:]
  private var pending: [(id: Int, value: JSONValue, tokens: [String], base: SchemaURI)] = []
  /// Edges to subschemas applied to the same instance, for cycle detection.
  private var inPlaceEdges: [[Int]] = []

  private init(document: JSONValue) {
    self.document = document
  }

  /// Compiles `document`.
  ///
  /// - Throws: ``SchemaError`` for the first problem found.
  static func compile(_ document: JSONValue) throws(SchemaError) -> SchemaProgram {
    var compiler = SchemaCompiler(document: document)
    try compiler.index()
    _ = compiler.node(for: document, at: [], base: SchemaURI.documentBase)
    while let next = compiler.pending.popLast() {
      let node = try compiler.compileNode(id: next.id, value: next.value, tokens: next.tokens, base: next.base)
      compiler.nodes[next.id] = node
    }
    try compiler.rejectInPlaceCycles()
    return SchemaProgram(nodes: compiler.nodes)
  }

  // MARK: - Locations

  static func pointer(_ tokens: [String]) -> String {
    var result = "#"
    for token in tokens {
      result += "/"
      guard token.contains(where: { $0 == "~" || $0 == "/" }) else {
        result += token
        continue
      }
      for character in token {
        switch character {
        case "~": result += "~0"
        case "/": result += "~1"
        default: result.append(character)
        }
      }
    }
    return result
  }

  private func value(at tokens: [String]) -> JSONValue? {
    var current = document
    for token in tokens {
      switch current {
      case .object(let object):
        guard let member = object[token] else { return nil }
        current = member
      case .array(let elements):
        guard let index = Int(token), String(index) == token, elements.indices.contains(index) else { return nil }
        current = elements[index]
      default:
        return nil
      }
    }
    return current
  }

  // MARK: - Pass 1: resources and anchors

  private static let singleSubschemaKeywords = [
    "items", "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "not", "if", "then", "else",
    "contains", "propertyNames", "contentSchema",
  ]
  private static let subschemaListKeywords = ["allOf", "anyOf", "oneOf", "prefixItems"]
  private static let subschemaMapKeywords = [
    "properties", "patternProperties", "$defs", "definitions", "dependentSchemas",
  ]

  private mutating func index() throws(SchemaError) {
    var stack: [(value: JSONValue, tokens: [String], base: SchemaURI)] = [(document, [], SchemaURI.documentBase)]
    resources[SchemaURI.documentBase.text] = []
    while let (value, tokens, parentBase) = stack.popLast() {
      guard case .object(let object) = value else { continue }
      let location = Self.pointer(tokens)
      parentBases[location] = parentBase
      var base = parentBase
      if let id = object["$id"] {
        guard case .string(let text) = id else {
          throw .invalidKeyword(location: location, keyword: "$id", expected: "a URI string", found: Self.describe(id))
        }
        base = parentBase.resolving(SchemaURI(parsing: text)).withoutFragment
        if let existing = resources[base.text], existing != tokens {
          throw .duplicateIdentifier(location: location, identifier: text)
        }
        resources[base.text] = tokens
      }
      for keyword in ["$anchor", "$dynamicAnchor"] {
        guard let anchor = object[keyword] else { continue }
        guard case .string(let name) = anchor, !name.isEmpty else {
          throw .invalidKeyword(
            location: location, keyword: keyword, expected: "a non-empty name", found: Self.describe(anchor))
        }
        anchors[base.text + "#" + name] = tokens
      }
      for keyword in Self.singleSubschemaKeywords {
        if let child = object[keyword] { stack.append((child, tokens + [keyword], base)) }
      }
      for keyword in Self.subschemaListKeywords {
        guard case .array(let children) = object[keyword] else { continue }
        for (position, child) in children.enumerated() {
          stack.append((child, tokens + [keyword, String(position)], base))
        }
      }
      for keyword in Self.subschemaMapKeywords {
        guard case .object(let children) = object[keyword] else { continue }
        for (name, child) in children { stack.append((child, tokens + [keyword, name], base)) }
      }
    }
  }

  // MARK: - Pass 2: nodes

  /// The node for the schema at `tokens`, scheduling its compilation on first use.
  private mutating func node(for value: JSONValue, at tokens: [String], base: SchemaURI) -> Int {
    let location = Self.pointer(tokens)
    if let id = nodeIDs[location] { return id }
    let id = nodes.count
    nodes.append(.placeholder())
    inPlaceEdges.append([])
    nodeIDs[location] = id
    pending.append((id, value, tokens, base))
    return id
  }

  private mutating func compileNode(
    id: Int,
    value: JSONValue,
    tokens: [String],
    base parentBase: SchemaURI
  ) throws(SchemaError) -> SchemaNode {
    let location = Self.pointer(tokens)
    switch value {
    case .bool(true): return SchemaNode(location: location, body: .anything)
    case .bool(false): return SchemaNode(location: location, body: .nothing)
    case .object(let object):
      var base = parentBase
      if case .string(let id) = object["$id"] {
        base = parentBase.resolving(SchemaURI(parsing: id)).withoutFragment
      }
      var builder = NodeBuilder(id: id, object: object, tokens: tokens, location: location, base: base)
      try builder.build(with: &self)
      return builder.node
    default:
      throw .notASchema(location: location, found: Self.describe(value))
    }
  }

  /// Resolves a `$ref` (or `$dynamicRef`) value to a node.
  fileprivate mutating func resolve(reference: String, from base: SchemaURI, location: String) throws(SchemaError)
    -> Int
  {
    let target = base.resolving(SchemaURI(parsing: reference))
    let resourceKey = target.withoutFragment.text
    guard let resourceTokens = resources[resourceKey] else {
      throw .unresolvableReference(location: location, reference: reference)
    }
    var tokens = resourceTokens
    let fragment = target.fragment ?? ""
    if fragment.hasPrefix("/") {
      guard let decoded = fragment.removingPercentEncoding else {
        throw .unresolvableReference(location: location, reference: reference)
      }
      for token in decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
        tokens.append(token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~"))
      }
    } else if !fragment.isEmpty {
      guard let anchored = anchors[resourceKey + "#" + (fragment.removingPercentEncoding ?? fragment)] else {
        throw .unresolvableReference(location: location, reference: reference)
      }
      tokens = anchored
    }
    guard let value = value(at: tokens) else {
      throw .unresolvableReference(location: location, reference: reference)
    }
    return node(for: value, at: tokens, base: baseURI(at: tokens))
  }

  /// The base URI in effect for the schema at `tokens` (before its own `$id`).
  private func baseURI(at tokens: [String]) -> SchemaURI {
    if let parentBase = parentBases[Self.pointer(tokens)] { return parentBase }
    // Not a position the index pass visited: apply each `$id` on the way down.
    var base = SchemaURI.documentBase
    var current = document
    for token in tokens.dropLast() {
      if case .object(let object) = current, case .string(let id) = object["$id"] {
        base = base.resolving(SchemaURI(parsing: id)).withoutFragment
      }
      switch current {
      case .object(let object): current = object[token] ?? .null
      case .array(let elements):
        current = Int(token).flatMap { elements.indices.contains($0) ? elements[$0] : nil } ?? .null
      default: current = .null
      }
    }
    return base
  }

  fileprivate mutating func child(
    _ value: JSONValue,
    at tokens: [String],
    base: SchemaURI,
    parent: Int,
    inPlace: Bool
  ) -> Int {
    let id = node(for: value, at: tokens, base: base)
    if inPlace { inPlaceEdges[parent].append(id) }
    return id
  }

  // MARK: - Pass 3: cycles

  /// Rejects a cycle of in-place applicators: it would evaluate the same
  /// instance forever.
  private func rejectInPlaceCycles() throws(SchemaError) {
    // 0 = unvisited, 1 = on the current path, 2 = done.
    var state = [UInt8](repeating: 0, count: nodes.count)
    for start in nodes.indices where state[start] == 0 {
      var path: [(node: Int, nextEdge: Int)] = [(start, 0)]
      state[start] = 1
      while let top = path.last {
        let edges = inPlaceEdges[top.node]
        if top.nextEdge < edges.count {
          path[path.count - 1].nextEdge += 1
          let next = edges[top.nextEdge]
          if state[next] == 1 {
            let cycleStart = path.firstIndex { $0.node == next } ?? 0
            let cycle = path[cycleStart...].map { nodes[$0.node].location } + [nodes[next].location]
            throw .infiniteRecursion(location: nodes[next].location, cycle: cycle)
          }
          if state[next] == 0 {
            state[next] = 1
            path.append((next, 0))
          }
        } else {
          state[top.node] = 2
          path.removeLast()
        }
      }
    }
  }

  // MARK: - Helpers

  /// A short rendering of a found value for error messages.
  static func describe(_ value: JSONValue) -> String {
    let text = value.rendered()
    return text.count > 40 ? String(text.prefix(39)) + "…" : text
  }
}

/// Compiles the keywords of one object schema.
private struct NodeBuilder {
  let id: Int
  let object: JSONObject
  let tokens: [String]
  let location: String
  let base: SchemaURI
  private(set) var node: SchemaNode
  private var checks: [SchemaCheck] = []

  init(id: Int, object: JSONObject, tokens: [String], location: String, base: SchemaURI) {
    self.id = id
    self.object = object
    self.tokens = tokens
    self.location = location
    self.base = base
    self.node = SchemaNode(location: location, body: .anything)
  }

  mutating func build(with compiler: inout SchemaCompiler) throws(SchemaError) {
    try checkAnnotations()
    try compileType()
    try compileValues()
    try compileNumbers()
    try compileStrings()
    try compileArrays(with: &compiler)
    try compileObjects(with: &compiler)
    try compileApplicators(with: &compiler)
    if let unevaluated = object["unevaluatedProperties"] {
      node.unevaluatedProperties = subschema(unevaluated, ["unevaluatedProperties"], &compiler)
    }
    if let unevaluated = object["unevaluatedItems"] {
      node.unevaluatedItems = subschema(unevaluated, ["unevaluatedItems"], &compiler)
    }
    if let definitions = object["$defs"] { _ = try subschemaMap("$defs", definitions, &compiler) }
    if let definitions = object["definitions"] { _ = try subschemaMap("definitions", definitions, &compiler) }
    if !checks.isEmpty || node.tracksEvaluation {
      node.body = .checks(checks)
    }
  }

  // MARK: Keyword values

  private func invalid(_ keyword: String, _ expected: String, _ value: JSONValue) -> SchemaError {
    .invalidKeyword(location: location, keyword: keyword, expected: expected, found: SchemaCompiler.describe(value))
  }

  private func nonNegativeInteger(_ keyword: String) throws(SchemaError) -> Int? {
    guard let value = object[keyword] else { return nil }
    switch value {
    case .integer(let integer) where integer >= 0:
      return integer
    case .number(let number) where number >= 0 && number < 9.2e18 && number.rounded(.towardZero) == number:
      return Int(number)
    case .bigInteger(let integer) where !integer.isNegative:
      // Beyond `Int`: no count reaches it, as no count reaches `Int.max`.
      return Int.max
    default:
      throw invalid(keyword, "a non-negative integer", value)
    }
  }

  private func number(_ keyword: String) throws(SchemaError) -> JSONValue? {
    guard let value = object[keyword] else { return nil }
    switch value {
    case .integer, .bigInteger: return value
    case .number(let number) where number.isFinite: return value
    default: throw invalid(keyword, "a number", value)
    }
  }

  private func string(_ keyword: String) throws(SchemaError) -> String? {
    guard let value = object[keyword] else { return nil }
    guard case .string(let text) = value else { throw invalid(keyword, "a string", value) }
    return text
  }

  private func stringArray(_ keyword: String, _ value: JSONValue) throws(SchemaError) -> [String] {
    guard case .array(let elements) = value else { throw invalid(keyword, "an array of strings", value) }
    var strings: [String] = []
    for element in elements {
      guard case .string(let text) = element else { throw invalid(keyword, "an array of strings", value) }
      strings.append(text)
    }
    return strings
  }

  private func pattern(_ source: String, keyword: String) throws(SchemaError) -> SchemaPattern {
    guard let pattern = SchemaPattern(source) else {
      throw .invalidPattern(location: SchemaCompiler.pointer(tokens + [keyword]), pattern: source)
    }
    return pattern
  }

  private func subschema(
    _ value: JSONValue,
    _ path: [String],
    _ compiler: inout SchemaCompiler,
    inPlace: Bool = false
  ) -> Int {
    compiler.child(value, at: tokens + path, base: base, parent: id, inPlace: inPlace)
  }

  private func subschemaList(
    _ keyword: String,
    _ value: JSONValue,
    _ compiler: inout SchemaCompiler,
    inPlace: Bool
  ) throws(SchemaError) -> [Int] {
    guard case .array(let elements) = value, !elements.isEmpty || keyword == "prefixItems" else {
      throw invalid(keyword, "a non-empty array of schemas", value)
    }
    return elements.enumerated().map { position, element in
      subschema(element, [keyword, String(position)], &compiler, inPlace: inPlace)
    }
  }

  private func subschemaMap(
    _ keyword: String,
    _ value: JSONValue,
    _ compiler: inout SchemaCompiler,
    inPlace: Bool = false
  ) throws(SchemaError) -> [(name: String, node: Int)] {
    guard case .object(let members) = value else { throw invalid(keyword, "an object whose values are schemas", value) }
    return members.map { name, member in (name, subschema(member, [keyword, name], &compiler, inPlace: inPlace)) }
  }

  // MARK: Keywords

  private func checkAnnotations() throws(SchemaError) {
    for keyword in ["title", "description", "$comment", "$schema", "format", "$anchor", "$dynamicAnchor"] {
      _ = try string(keyword)
    }
    if let examples = object["examples"], examples.arrayValue == nil { throw invalid("examples", "an array", examples) }
    for keyword in ["deprecated", "readOnly", "writeOnly"] {
      if let flag = object[keyword], flag.boolValue == nil { throw invalid(keyword, "true or false", flag) }
    }
  }

  private mutating func compileType() throws(SchemaError) {
    guard let value = object["type"] else { return }
    let expected =
      "a type name (\"array\", \"boolean\", \"integer\", \"null\", \"number\", \"object\" or \"string\") "
      + "or an array of type names"
    var names: [String] = []
    switch value {
    case .string(let name): names = [name]
    case .array(let elements):
      for element in elements {
        guard case .string(let name) = element else { throw invalid("type", expected, value) }
        names.append(name)
      }
    default: throw invalid("type", expected, value)
    }
    var set: SchemaTypeSet = []
    for name in names {
      guard let type = SchemaTypeSet(name: name) else { throw invalid("type", expected, value) }
      set.insert(type)
    }
    checks.append(.type(set, names: names))
    node.typeNames = names
  }

  private mutating func compileValues() throws(SchemaError) {
    if let value = object["enum"] {
      guard case .array(let values) = value else { throw invalid("enum", "an array of values", value) }
      checks.append(.enumeration(values, Set(values)))
    }
    if let value = object["const"] { checks.append(.constant(value)) }
  }

  private mutating func compileNumbers() throws(SchemaError) {
    if let divisor = try number("multipleOf") {
      guard SchemaNumber.compare(divisor, .integer(0)) == 1 else {
        throw invalid("multipleOf", "a number above 0", divisor)
      }
      checks.append(.multipleOf(divisor))
    }
    if let bound = try number("minimum") { checks.append(.minimum(bound)) }
    if let bound = try number("exclusiveMinimum") { checks.append(.exclusiveMinimum(bound)) }
    if let bound = try number("maximum") { checks.append(.maximum(bound)) }
    if let bound = try number("exclusiveMaximum") { checks.append(.exclusiveMaximum(bound)) }
  }

  private mutating func compileStrings() throws(SchemaError) {
    if let length = try nonNegativeInteger("minLength") { checks.append(.minLength(length)) }
    if let length = try nonNegativeInteger("maxLength") { checks.append(.maxLength(length)) }
    if let source = try string("pattern") { checks.append(.pattern(try pattern(source, keyword: "pattern"))) }
  }

  private mutating func compileArrays(with compiler: inout SchemaCompiler) throws(SchemaError) {
    if let count = try nonNegativeInteger("minItems") { checks.append(.minItems(count)) }
    if let count = try nonNegativeInteger("maxItems") { checks.append(.maxItems(count)) }
    if let unique = object["uniqueItems"] {
      guard case .bool(let flag) = unique else { throw invalid("uniqueItems", "true or false", unique) }
      if flag { checks.append(.uniqueItems) }
    }
    var prefixCount = 0
    if let value = object["prefixItems"] {
      let prefix = try subschemaList("prefixItems", value, &compiler, inPlace: false)
      prefixCount = prefix.count
      checks.append(.prefixItems(prefix))
    }
    if let value = object["items"] {
      if case .array = value {
        throw invalid(
          "items", "a schema (for a list of per-position schemas use \"prefixItems\" in draft 2020-12)", value)
      }
      checks.append(.items(subschema(value, ["items"], &compiler), from: prefixCount))
    }
    if let value = object["contains"] {
      let minimum = try nonNegativeInteger("minContains") ?? 1
      let maximum = try nonNegativeInteger("maxContains")
      checks.append(.contains(subschema(value, ["contains"], &compiler), minimum: minimum, maximum: maximum))
    }
  }

  private mutating func compileObjects(with compiler: inout SchemaCompiler) throws(SchemaError) {
    if let count = try nonNegativeInteger("minProperties") { checks.append(.minProperties(count)) }
    if let count = try nonNegativeInteger("maxProperties") { checks.append(.maxProperties(count)) }
    if let value = object["required"] {
      let names = try stringArray("required", value)
      if !names.isEmpty { checks.append(.required(names)) }
    }
    if let value = object["dependentRequired"] {
      guard case .object(let members) = value else {
        throw invalid("dependentRequired", "an object whose values are arrays of strings", value)
      }
      var dependencies: [(name: String, requires: [String])] = []
      for (name, member) in members {
        dependencies.append((name, try stringArray("dependentRequired", member)))
      }
      checks.append(.dependentRequired(dependencies))
    }
    var declared: [String] = []
    if let value = object["properties"] {
      let properties = try subschemaMap("properties", value, &compiler)
      declared = properties.map(\.name)
      checks.append(.properties(properties))
    }
    var patterns: [SchemaPattern] = []
    if let value = object["patternProperties"] {
      let members = try subschemaMap("patternProperties", value, &compiler)
      var compiled: [(pattern: SchemaPattern, node: Int)] = []
      for member in members {
        guard let pattern = SchemaPattern(member.name) else {
          throw .invalidPattern(
            location: SchemaCompiler.pointer(tokens + ["patternProperties", member.name]),
            pattern: member.name
          )
        }
        compiled.append((pattern, member.node))
        patterns.append(pattern)
      }
      checks.append(.patternProperties(compiled))
    }
    if let value = object["additionalProperties"] {
      let additional = subschema(value, ["additionalProperties"], &compiler)
      checks.append(
        .additionalProperties(additional, declared: Set(declared), declaredInOrder: declared, patterns: patterns)
      )
    }
    if let value = object["propertyNames"] {
      checks.append(.propertyNames(subschema(value, ["propertyNames"], &compiler)))
    }
  }

  private mutating func compileApplicators(with compiler: inout SchemaCompiler) throws(SchemaError) {
    for keyword in ["$ref", "$dynamicRef"] {
      guard let reference = try string(keyword) else { continue }
      let target = try compiler.resolve(
        reference: reference,
        from: base,
        location: SchemaCompiler.pointer(tokens + [keyword])
      )
      compiler.addInPlaceEdge(from: id, to: target)
      checks.append(.reference(target))
    }
    if let value = object["allOf"] {
      checks.append(.allOf(try subschemaList("allOf", value, &compiler, inPlace: true)))
    }
    if let value = object["anyOf"] {
      checks.append(.anyOf(try subschemaList("anyOf", value, &compiler, inPlace: true)))
    }
    if let value = object["oneOf"] {
      checks.append(.oneOf(try subschemaList("oneOf", value, &compiler, inPlace: true)))
    }
    if let value = object["not"] { checks.append(.not(subschema(value, ["not"], &compiler, inPlace: true))) }
    if let condition = object["if"] {
      let ifNode = subschema(condition, ["if"], &compiler, inPlace: true)
      let thenNode = object["then"].map { subschema($0, ["then"], &compiler, inPlace: true) }
      let elseNode = object["else"].map { subschema($0, ["else"], &compiler, inPlace: true) }
      if thenNode != nil || elseNode != nil {
        checks.append(.conditional(if: ifNode, then: thenNode, else: elseNode))
      }
    } else {
      // `then` and `else` without `if` do nothing, but must still be schemas.
      if let value = object["then"] { _ = subschema(value, ["then"], &compiler) }
      if let value = object["else"] { _ = subschema(value, ["else"], &compiler) }
    }
    if let value = object["dependentSchemas"] {
      checks.append(.dependentSchemas(try subschemaMap("dependentSchemas", value, &compiler, inPlace: true)))
    }
    if let value = object["contentSchema"] { _ = subschema(value, ["contentSchema"], &compiler) }
  }
}

extension SchemaCompiler {
  fileprivate mutating func addInPlaceEdge(from source: Int, to target: Int) {
    inPlaceEdges[source].append(target)
  }
}

import AgentSkillLLM
import Foundation

/// The Berkeley Function Calling Leaderboard's rules for one argument, ported from its AST checker:
/// the value's type must be the parameter's (an integer passes for a `float`; a value of the answers'
/// own type passes as a "variable"), strings are compared after ``standardized(_:)``, lists element by
/// element, dictionaries key by key, and `""` among the answers means the argument may be omitted.
enum BFCLValueRules {
  /// BFCL's type names and the JSON kinds they stand for (its Python type mapping).
  enum Kind: Equatable {
    case string, integer, float, boolean, list, dict, null

    init(declared type: String) {
      switch type {
      case "integer", "int", "byte", "short", "long": self = .integer
      case "float", "number", "double": self = .float
      case "boolean", "bool": self = .boolean
      case "array", "tuple", "list", "ArrayList", "Array": self = .list
      case "dict", "object", "HashMap": self = .dict
      default: self = .string  // "string", "any", "char", …
      }
    }

    init(of value: JSONValue) {
      switch value {
      case .null: self = .null
      case .bool: self = .boolean
      case .integer, .bigInteger: self = .integer
      case .number: self = .float
      case .string: self = .string
      case .array: self = .list
      case .object: self = .dict
      }
    }
  }

  /// Whether `sent` is one of `allowed` for a parameter of BFCL type `type` (items of `itemType`).
  static func accepts(_ sent: JSONValue?, allowed: [JSONValue], type: String, itemType: String?) -> Bool {
    guard var value = sent, value != .null else { return allowed.contains(.string("")) }
    let expected = Kind(declared: type)
    if expected == .float, case .integer(let integer) = value { value = .number(Double(integer)) }
    let nested = itemType.map(Kind.init(declared:))
    guard
      let isVariable = typeCheck(value, allowed: allowed, expected: expected, nested: expected == .list ? nested : nil)
    else { return false }
    if !isVariable {
      switch expected {
      case .dict: return dictionaryMatches(value, allowed: allowed)
      case .list where nested == .dict: return listOfDictionariesMatches(value, allowed: allowed)
      case .string: return stringMatches(value, allowed: allowed)
      case .list: return listMatches(value, allowed: allowed)
      default: break
      }
    }
    return allowed.contains { pythonEqual($0, value) }
  }

  /// `nil` when the type is wrong; otherwise whether the value counts as a "variable" (the answers are of
  /// another type than the parameter's, and the value is of the answers' type).
  static func typeCheck(_ value: JSONValue, allowed: [JSONValue], expected: Kind, nested: Kind?) -> Bool? {
    let answerKind = allowed.first { $0 != .string("") }.map(Kind.init(of:))
    let isVariable = answerKind.map { $0 != expected } ?? false
    if Kind(of: value) == expected {
      guard let nested else { return isVariable }
      for answer in allowed {
        guard let options = answer.arrayValue else { return isVariable }
        let optionKind = options.first { $0 != .string("") }.map(Kind.init(of:))
        let items = value.arrayValue ?? []
        if items.allSatisfy({ Kind(of: $0) == nested || Kind(of: $0) == optionKind }) { return isVariable }
      }
    }
    if let answerKind, Kind(of: value) == answerKind { return true }
    return nil
  }

  /// Lowercased, without spaces and `,./-_*^`, single quotes as double (BFCL's `standardize_string`).
  static func standardized(_ text: String) -> String {
    let dropped: Set<Character> = [" ", ",", ".", "/", "-", "_", "*", "^"]
    return String(text.filter { !dropped.contains($0) }).lowercased().replacingOccurrences(of: "'", with: "\"")
  }

  private static func standardizedItem(_ value: JSONValue) -> JSONValue {
    if case .string(let text) = value { return .string(standardized(text)) }
    return value
  }

  static func stringMatches(_ value: JSONValue, allowed: [JSONValue]) -> Bool {
    guard case .string(let text) = value else { return false }
    let sent = standardized(text)
    return allowed.contains { $0.stringValue.map(standardized) == sent }
  }

  static func listMatches(_ value: JSONValue, allowed: [JSONValue]) -> Bool {
    guard let items = value.arrayValue else { return false }
    let sent = items.map(standardizedItem)
    return allowed.contains { answer in
      guard let expected = answer.arrayValue, expected.count == sent.count else { return false }
      return zip(expected.map(standardizedItem), sent).allSatisfy { pythonEqual($0, $1) }
    }
  }

  static func dictionaryMatches(_ value: JSONValue, allowed: [JSONValue]) -> Bool {
    guard let sent = value.objectValue else { return false }
    return allowed.contains { answer in
      guard let expected = answer.objectValue else { return false }
      for (key, item) in sent.members {
        guard let options = expected[key]?.arrayValue else { return false }
        let standardizedItem = standardizedItem(item)
        guard options.map(Self.standardizedItem).contains(where: { pythonEqual($0, standardizedItem) }) else {
          return false
        }
      }
      for (key, options) in expected.members where sent[key] == nil {
        guard options.arrayValue?.contains(.string("")) ?? false else { return false }
      }
      return true
    }
  }

  static func listOfDictionariesMatches(_ value: JSONValue, allowed: [JSONValue]) -> Bool {
    guard let sent = value.arrayValue else { return false }
    return allowed.contains { answer in
      guard let expected = answer.arrayValue, expected.count == sent.count else { return false }
      return zip(sent, expected).allSatisfy { dictionaryMatches($0, allowed: [$1]) }
    }
  }

  /// Python's `==` on decoded JSON: integers equal the same floats; booleans are not numbers here.
  static func pythonEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.bool, .integer), (.integer, .bool), (.bool, .number), (.number, .bool): return false
    default: return lhs == rhs
    }
  }
}

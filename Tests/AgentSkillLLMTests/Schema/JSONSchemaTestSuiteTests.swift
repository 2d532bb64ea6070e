import Foundation
import Testing

@testable import AgentSkillLLM

/// Runs the official JSON-Schema-Test-Suite (draft 2020-12) against the validator.
@Suite("JSON-Schema-Test-Suite draft 2020-12", .timeLimit(.minutes(5)))
struct JSONSchemaTestSuiteTests {
  /// One test case of the suite.
  struct Case: CustomStringConvertible {
    let file: String
    let group: String
    let test: String
    let schema: JSONValue
    let data: JSONValue
    let valid: Bool

    var id: CaseID { CaseID(file: file, group: group, test: test) }
    var description: String { id.description }
  }

  /// A case's name: file, group description and test description.
  struct CaseID: Hashable, CustomStringConvertible {
    let file: String
    let group: String
    let test: String

    var description: String { "\(file) › \(group) › \(test)" }
  }

  static let directory: URL? = Bundle.module.resourceURL?
    .appendingPathComponent("Fixtures")
    .appendingPathComponent("json-schema-test-suite")

  static let fileNames: [String] = {
    guard let directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
      return []
    }
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }()

  static func cases(in file: String) throws -> [Case] {
    let directory = try #require(Self.directory)
    let data = try Data(contentsOf: directory.appendingPathComponent(file))
    let groups = try #require(try JSONValue(parsing: data).arrayValue, "\(file) is not an array of groups")
    var cases: [Case] = []
    for group in groups {
      let groupDescription = try #require(group["description"]?.stringValue)
      let schema = try #require(group["schema"])
      for test in try #require(group["tests"]?.arrayValue) {
        cases.append(
          Case(
            file: file,
            group: groupDescription,
            test: try #require(test["description"]?.stringValue),
            schema: schema,
            data: try #require(test["data"]),
            valid: try #require(test["valid"]?.boolValue as Bool?)
          )
        )
      }
    }
    return cases
  }

  /// The cases listed in `LEFT_OUT.md`, with their reasons.
  static func leftOut() throws -> [CaseID: String] {
    let directory = try #require(Self.directory)
    let text = try String(contentsOf: directory.appendingPathComponent("LEFT_OUT.md"), encoding: .utf8)
    var entries: [CaseID: String] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| file |") {
      let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
      try #require(cells.count == 4, "LEFT_OUT.md: a row needs file | group | test | reason: \(line)")
      entries[CaseID(file: cells[0], group: cells[1], test: cells[2])] = cells[3]
    }
    return entries
  }

  /// Whether the validator gets `testCase` right, in both validation modes.
  static func passes(_ testCase: Case, schemas: inout [JSONValue: Result<JSONSchema, SchemaError>]) -> Bool {
    let compiled =
      schemas[testCase.schema]
      ?? {
        let result: Result<JSONSchema, SchemaError>
        do throws(SchemaError) {
          result = .success(try JSONSchema(testCase.schema))
        } catch {
          result = .failure(error)
        }
        schemas[testCase.schema] = result
        return result
      }()
    guard case .success(let schema) = compiled else { return false }
    return schema.validate(testCase.data).isEmpty == testCase.valid && schema.isValid(testCase.data) == testCase.valid
  }

  @Test("every case of the file passes, except the ones in LEFT_OUT.md", arguments: fileNames)
  func file(_ file: String) throws {
    let leftOut = try Self.leftOut()
    var schemas: [JSONValue: Result<JSONSchema, SchemaError>] = [:]
    for testCase in try Self.cases(in: file) {
      let passed = Self.passes(testCase, schemas: &schemas)
      if leftOut[testCase.id] != nil {
        #expect(!passed, "\(testCase) passes now: remove it from LEFT_OUT.md")
        continue
      }
      guard !passed else { continue }
      let outcome: String
      switch schemas[testCase.schema] {
      case .success(let schema):
        let violations = schema.validate(testCase.data).map(\.description).joined(separator: "; ")
        outcome = violations.isEmpty ? "valid" : "invalid: \(violations)"
      case .failure(let error):
        outcome = "schema rejected: \(error)"
      case nil:
        outcome = "not run"
      }
      Issue.record("\(testCase): expected \(testCase.valid ? "valid" : "invalid"), got \(outcome)")
    }
  }

  @Test("the suite is complete and LEFT_OUT.md lists only failing cases, at most 3 %")
  func totals() throws {
    #expect(Self.fileNames.count == 32)
    let leftOut = try Self.leftOut()
    var schemas: [JSONValue: Result<JSONSchema, SchemaError>] = [:]
    var ids = Set<CaseID>()
    var passed = 0
    var leftOutFailing = 0
    for file in Self.fileNames {
      for testCase in try Self.cases(in: file) {
        ids.insert(testCase.id)
        if Self.passes(testCase, schemas: &schemas) {
          passed += 1
        } else if leftOut[testCase.id] != nil {
          leftOutFailing += 1
        }
      }
    }
    for entry in leftOut.keys where !ids.contains(entry) {
      Issue.record("LEFT_OUT.md names a case that is not in the suite: \(entry)")
    }
    #expect(ids.count == 745)
    #expect(leftOut.count <= ids.count * 3 / 100)
    #expect(passed + leftOutFailing == ids.count)
    print("JSON-Schema-Test-Suite draft2020-12: \(ids.count) cases, \(passed) passed, \(leftOut.count) left out")
  }
}

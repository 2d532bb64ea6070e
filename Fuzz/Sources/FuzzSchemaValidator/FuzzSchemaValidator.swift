// JSON Schema validator: any (schema, instance) pair, written as `schema\n---\ninstance`, compiles to a schema or
// a typed SchemaError, and validates in bounded time (libFuzzer's -timeout) without crashing, consistently:
// the same violations twice, at most `limit` of them, and `isValid` agreeing with `validate`.
import AgentSkillLLM
import FuzzDriver
import FuzzSupport

/// The entry point SwiftPM gives this executable: runs libFuzzer on ``fuzz(_:_:)``.
@_cdecl("FuzzSchemaValidator_main")
public func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  agentskill_fuzz_main(argc, argv)
}

/// Checks one input against the contract; libFuzzer records any input that stops the process.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  check(bytes)
  return 0
}

func check(_ bytes: [UInt8]) {
  let pair = parts(of: bytes, count: 2)
  guard let document = try? JSONValue(parsing: String(decoding: pair[0], as: UTF8.self)) else { return }
  let schema: JSONSchema
  do {
    schema = try JSONSchema(document)
  } catch {
    expect(!error.description.isEmpty, "a schema error without a message")
    return
  }
  expect(schema.json == document, "the schema does not keep its document")
  let instance = (try? JSONValue(parsing: String(decoding: pair[1], as: UTF8.self))) ?? document
  let violations = schema.validate(instance, limit: 5)
  expect(violations.count <= 5, "more violations than the limit")
  expect(schema.validate(instance, limit: 5) == violations, "validation is not deterministic")
  expect(schema.isValid(instance) == violations.isEmpty, "isValid disagrees with validate")
  expect(schema.validate(instance, limit: 1).count == min(1, violations.count), "limit 1 reports a different count")
  for violation in violations { expect(!violation.description.isEmpty, "a violation without a message") }
  // The schema validates its own document too (schemas are JSON values like any other).
  _ = schema.validate(document, limit: 5)
}

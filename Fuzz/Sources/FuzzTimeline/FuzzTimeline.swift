// Timeline files (`agentskill-demo timeline FILE`): any bytes decode to a document or a typed AgentTimelineError;
// a document written back (compact or pretty) reads back equal.
import AgentSkill
import Foundation
import FuzzDriver
import FuzzSupport

/// The entry point SwiftPM gives this executable: runs libFuzzer on ``fuzz(_:_:)``.
@_cdecl("FuzzTimeline_main")
public func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  agentskill_fuzz_main(argc, argv)
}

/// Checks one input against the contract; libFuzzer records any input that stops the process.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  check(Data(bytes: data, count: size))
  return 0
}

func check(_ data: Data) {
  let document: AgentTimelineDocument
  do {
    document = try AgentTimelineDocument.decode(from: data)
  } catch {
    switch error {
    case .invalidDocument, .unsupportedSchemaVersion: break
    default: expect(false, "unexpected error for a file: \(error)")
    }
    return
  }
  guard let written = try? document.jsonData(prettyPrinted: false) else {
    expect(false, "a decoded document cannot be written")
    return
  }
  guard let again = try? AgentTimelineDocument.decode(from: written) else {
    expect(false, "a written document does not decode: \(String(decoding: written, as: UTF8.self))")
    return
  }
  expect(again == document, "a document does not read back equal")
  expect(
    (try? document.jsonData(prettyPrinted: true)).flatMap { try? AgentTimelineDocument.decode(from: $0) } == document,
    "the pretty-printed document does not read back equal")
}

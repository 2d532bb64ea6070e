// Skill manifests: any bytes give a manifest or a typed SkillManifestError; a manifest written back as JSON reads
// back as the same manifest, and a malformed-JSON error points inside the input.
import AgentSkillLLM
import Foundation
import FuzzDriver
import FuzzSupport

/// The entry point SwiftPM gives this executable: runs libFuzzer on ``fuzz(_:_:)``.
@_cdecl("FuzzSkillManifest_main")
public func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  agentskill_fuzz_main(argc, argv)
}

/// Checks one input against the contract; libFuzzer records any input that stops the process.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  check(Data(bytes: data, count: size))
  return 0
}

func understood(_ manifest: SkillManifest) -> [String] {
  [String(manifest.version), manifest.minimumLibraryVersion?.description ?? "-"] + manifest.skills.map { "\($0)" }
}

func check(_ data: Data) {
  do {
    let manifest = try SkillManifest(parsing: data)
    // The JSON holds what was understood; members that were ignored (and reported) are not written back.
    let again = try? SkillManifest(parsing: manifest.json.rendered())
    expect(again.map(understood) == understood(manifest), "a manifest does not read back from its JSON")
    expect(again?.ignoredMembers == [], "a written manifest has members it does not understand")
  } catch {
    switch error {
    case .malformedJSON(let parseError, let line, let column):
      expect(line >= 1 && column >= 1, "malformed JSON at line \(line), column \(column)")
      expect(parseError.offset <= data.count, "error offset past the input")
    case .invalidValue(let path, let expected, _):
      expect(path.isEmpty || path.hasPrefix("/"), "an invalid-value path \(path) is not a JSON Pointer")
      expect(!expected.isEmpty, "an invalid-value error without an expectation")
    }
  }
}

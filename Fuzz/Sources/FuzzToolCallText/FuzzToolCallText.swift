import FuzzDriver
import FuzzSupport

// Lenient tool-call text: TextToolCallExtractor and ToolArguments never crash, finish in time linear in the input,
// return object arguments and trimmed text that comes from the input, and agree with the strict parser on text that
// is a JSON object already.
@testable import AgentSkillLLM

/// The entry point SwiftPM gives this executable: runs libFuzzer on ``fuzz(_:_:)``.
@_cdecl("FuzzToolCallText_main")
public func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  agentskill_fuzz_main(argc, argv)
}

/// Checks one input against the contract; libFuzzer records any input that stops the process.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  check(String(decoding: bytes, as: UTF8.self))
  return 0
}

func check(_ text: String) {
  for offered in [nil, ["get_weather", "search"]] as [[String]?] {
    let (rest, calls) = TextToolCallExtractor.extract(from: text, offeredTools: offered, ids: .sequential())
    let again = TextToolCallExtractor.extract(from: text, offeredTools: offered, ids: .sequential())
    expect(again.text == rest && again.calls == calls, "extraction is not deterministic")
    expect(rest.utf8.count <= text.utf8.count, "the remaining text is longer than the input")
    expect(rest == String(ToolArguments.trim(Substring(rest))), "the remaining text is not trimmed")
    if calls.isEmpty {
      expect(rest == String(ToolArguments.trim(Substring(text))), "text changed although no call was found")
    }
    expect(Set(calls.map(\.id)).count == calls.count, "call ids are not unique")
    for call in calls {
      expect(call.arguments.objectValue != nil, "a call's arguments are not an object")
      expect(!call.name.isEmpty, "a call without a name")
    }
  }
  do {
    let arguments = try ToolArguments.parse(text, tool: "get_weather")
    expect(arguments.objectValue != nil, "ToolArguments.parse returned a non-object")
    if case .object? = try? JSONValue(parsing: text) {
      expect(arguments == (try? JSONValue(parsing: text)), "lenient parsing changed a valid JSON object")
    }
    // Reading the result back gives the same object.
    expect((try? ToolArguments.parse(arguments.rendered())) == arguments, "parsed arguments do not read back")
  } catch .malformedArguments(let tool, _, _) {
    expect(tool == "get_weather", "the error does not name the tool")
  } catch .argumentsTooDeep(let tool, let limit) {
    expect(tool == "get_weather", "the error does not name the tool")
    expect(limit == JSONParser.maximumDepth, "the depth error does not give the parser's limit")
  } catch {
    expect(false, "unexpected error \(error)")
  }
  if let json = PythonLiteral.json(from: Substring(text)) {
    _ = try? JSONValue(parsing: json)
  }
  _ = try? ToolArguments.normalize(.string(text))
  _ = CodeFence.firstBlock(in: Substring(text))
}

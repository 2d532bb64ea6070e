import FuzzDriver
import FuzzSupport

// Streamed tool-call assembly: the input is a chat-completions event stream. Its tool-call fragments are fed to
// ToolCallAccumulator as sent and re-cut at random points; both give the same calls, the same started events and
// the same argument text per call. The same events also go through both providers' stream decoders, which must
// end in a response or a typed LanguageModelError, with text deltas that add up to the response's text.
@testable import AgentSkillLLM

/// The entry point SwiftPM gives this executable: runs libFuzzer on ``fuzz(_:_:)``.
@_cdecl("FuzzToolCallAssembly_main")
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

struct Assembly: Equatable {
  var results: [Result<ToolCall, ToolCallError>]
  var started: [ChatStreamEvent] = []
  var arguments: [Int: String] = [:]
}

func assemble(_ deltas: [ToolCallDelta]) -> Assembly {
  var accumulator = ToolCallAccumulator(ids: .sequential(), maximumArgumentBytes: 4096)
  var started: [ChatStreamEvent] = []
  var startedIndices: Set<Int> = []
  var arguments: [Int: String] = [:]
  for delta in deltas {
    for event in accumulator.append(delta) {
      switch event {
      case .toolCallStarted(let index, _, _):
        expect(index < accumulator.count, "a started index past the calls")
        expect(!startedIndices.contains(index), "call \(index) started twice")
        startedIndices.insert(index)
        started.append(event)
      case .toolCallArgumentsDelta(let index, let fragment):
        expect(startedIndices.contains(index), "arguments for a call that has not started")
        arguments[index, default: ""] += fragment
      default:
        expect(false, "unexpected event \(event)")
      }
    }
  }
  let results = accumulator.results()
  expect(results.count == accumulator.count, "one result per call")
  for result in results {
    if case .success(let call) = result { expect(call.arguments.objectValue != nil, "arguments are not an object") }
  }
  return Assembly(results: results, started: started, arguments: arguments)
}

/// `deltas` with every argument fragment cut into random pieces; the pieces after the first carry only the index
/// and id, and the first keeps everything else and at least the fragment's first non-blank character.
func recut(_ deltas: [ToolCallDelta], _ random: inout SplitMix) -> [ToolCallDelta] {
  var output: [ToolCallDelta] = []
  for delta in deltas {
    guard let fragment = delta.argumentsFragment, fragment.count > 1, delta.argumentsObject == nil else {
      output.append(delta)
      continue
    }
    let characters = Array(fragment)
    let firstSolid = characters.firstIndex { !$0.isWhitespace } ?? (characters.count - 1)
    var cut = firstSolid + 1 + random.below(characters.count - firstSolid)
    var first = delta
    first.argumentsFragment = String(characters[..<cut])
    output.append(first)
    while cut < characters.count {
      let next = min(characters.count, cut + 1 + random.below(8))
      output.append(ToolCallDelta(index: delta.index, id: delta.id, argumentsFragment: String(characters[cut..<next])))
      cut = next
    }
  }
  return output
}

func check(_ bytes: [UInt8]) {
  var parser = SSEParser()
  let events = parser.feed(bytes)
  var deltas: [ToolCallDelta] = []
  for event in events {
    guard let json = try? JSONValue(parsing: event.data) else { continue }
    let choice = json["choices"]?[0] ?? .null
    deltas += ToolCallDelta.deltas(inMessage: choice["delta"] ?? choice["message"] ?? .null)
  }
  let original = assemble(deltas)
  var random = SplitMix(seed: bytes)
  let recutResult = assemble(recut(deltas, &random))
  expect(recutResult.results == original.results, "re-cutting the fragments changed the calls")
  expect(recutResult.started == original.started, "re-cutting the fragments changed the started events")
  expect(recutResult.arguments == original.arguments, "re-cutting the fragments changed the argument text")

  let request = ChatRequest(
    messages: [.user("hi")], tools: [ToolDefinition(name: "get_weather", description: "Weather", parameters: true)])
  var openAI = OpenAIChatDecoder(request: request, ids: .sequential(), maximumArgumentBytes: 4096, secrets: [])
  decode(events, with: &openAI)
  var anthropic = AnthropicMessagesDecoder(
    request: request, ids: .sequential(), maximumArgumentBytes: 4096, secrets: [])
  decode(events, with: &anthropic)
}

func decode(_ events: [SSEEvent], with decoder: inout some ProviderStreamDecoder) {
  var streamed: [ChatStreamEvent] = []
  do {
    for event in events {
      streamed += try decoder.consume(event)
      if decoder.isDone { break }
    }
    let (final, response) = try decoder.finish()
    streamed += final
    let text = streamed.map { event in
      if case .textDelta(let piece) = event { piece } else { "" }
    }.joined()
    expect(text == (response.text ?? ""), "the text deltas do not add up to the final text")
    for case .toolCallStarted(let index, let id, let name) in streamed where index < response.toolCalls.count {
      expect(response.toolCalls[index].id == id, "started id differs from the final call's")
      expect(response.toolCalls[index].name == name, "started name differs from the final call's")
    }
  } catch is LanguageModelError {
  } catch {
    expect(false, "untyped error \(error)")
  }
  _ = decoder.truncationReason(cutMidEvent: true)
}

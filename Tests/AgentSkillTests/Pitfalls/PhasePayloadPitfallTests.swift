import AgentSkill
import AgentSkillForms
import AgentSkillList
import Observation
import Testing

/// A phase whose associated value is not `Equatable` (a
/// `Result`, an error object) stops views from refreshing. The library's
/// phase-like values carry only plain values, or — where an error must be
/// carried — define equality explicitly.
@MainActor
@Suite("Pitfall: phases with non-Equatable payloads", .timeLimit(.minutes(5)))
struct PhasePayloadPitfallTests {
  /// An error that is not `Equatable`, like most errors thrown by frameworks.
  struct OpaqueError: Error, CustomStringConvertible {
    let code: Int
    var description: String { "opaque \(code)" }
  }

  @Test func pitfall_nonEquatablePhasePayloads_focusAndKeyboardValuesCarryOnlyPlainValues() {
    let values: [Any] =
      [KeyboardState.hidden, KeyboardState.shown(height: 336)]
      + FocusChangeSource.allCases.map { $0 as Any }
      + KeyboardEvent.Phase.allCases.map { $0 as Any }
    for value in values {
      #expect(nonPlainPayloadTypes(of: value).isEmpty, "\(value)")
    }
  }

  @Test func pitfall_nonEquatablePhasePayloads_listPhasesCarryStringsOrAPlainError() {
    let failure = ListError(operation: .refresh, message: "Pull to retry", attempts: 3, detail: "offline")
    let phases: [LoadPhase] = [.idle, .loading("Loading…"), .loaded, .empty("No messages yet"), .failure(failure)]
    let presentations = phases.flatMap { phase in
      [LoadPresentation(phase: phase, hasContent: false), LoadPresentation(phase: phase, hasContent: true)]
    }
    let sendStates: [SendState] = [.pending, .failed("Not sent")]
    for value in phases.dropLast().map({ $0 as Any }) + presentations.map({ $0 as Any }) + sendStates.map({ $0 as Any })
    {
      #expect(nonPlainPayloadTypes(of: value).isEmpty, "\(value)")
    }
    // The failure carries the whole error: a value of plain fields, compared by value.
    #expect(nonPlainPayloadTypes(of: LoadPhase.failure(failure)) == ["ListError"])
    requireEquatable(ListError.self)
    #expect(
      Mirror(reflecting: failure).children.allSatisfy {
        $0.value is String || $0.value is Int || $0.value is ListOperation
      })
    var later = failure
    later.attempts = 4
    #expect(LoadPhase.failure(failure) != .failure(later), "a new failure is a change a view must show")
  }

  @Test func pitfall_nonEquatablePhasePayloads_theCheckFindsAnErrorPayload() {
    #expect(nonPlainPayloadTypes(of: SkillStatus<Int>.failed(error: OpaqueError(code: 1))) == ["OpaqueError"])
    #expect(nonPlainPayloadTypes(of: SkillStatus<Int>.running(progress: 0.5)).isEmpty)
  }

  @Test func pitfall_nonEquatablePhasePayloads_skillStatusComparesErrorPayloadsExplicitly() {
    let first = SkillStatus<Int>.failed(error: OpaqueError(code: 1))
    let second = SkillStatus<Int>.failed(error: OpaqueError(code: 2))
    #expect(first != second, "a new failure is a change a view must show")
    #expect(first == .failed(error: OpaqueError(code: 1)))
    #expect(first != .idle)
  }
}

/// Compiles only for `Equatable` types.
func requireEquatable<T: Equatable>(_ type: T.Type) {}

/// The types of the associated values of an enum value that are not plain
/// (`String`, `Int`, `Double`, `Bool`, or optionals and tuples of them).
func nonPlainPayloadTypes(of value: Any) -> [String] {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum else { return [] }
  var found: [String] = []
  for child in mirror.children { collectNonPlain(child.value, into: &found) }
  return found
}

private func collectNonPlain(_ payload: Any, into found: inout [String]) {
  let mirror = Mirror(reflecting: payload)
  switch mirror.displayStyle {
  case .tuple:
    for child in mirror.children { collectNonPlain(child.value, into: &found) }
  case .optional:
    if let wrapped = mirror.children.first { collectNonPlain(wrapped.value, into: &found) }
  default:
    switch payload {
    case is String, is Int, is Double, is Bool: break
    default: found.append(String(describing: type(of: payload)))
    }
  }
}

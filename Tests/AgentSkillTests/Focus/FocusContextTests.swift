import AgentSkill
import AgentSkillForms
import Testing

@Suite("Focus context", .timeLimit(.minutes(5)))
struct FocusContextTests {
  @Test func tracksTheFocusedAndLastFocusedField() {
    var focus = FocusContext<RegistrationField>()
    #expect(focus.focusedField == nil)
    #expect(focus.lastChange == nil)
    focus.move(to: .email, source: .tapped)
    focus.move(to: .password, source: .programmatic)
    #expect(focus.focusedField == .password)
    #expect(focus.lastFocusedField == .email)
    #expect(focus.isFocused(.password))
    focus.move(to: nil, source: .dismissed)
    #expect(focus.focusedField == nil)
    #expect(focus.lastFocusedField == .password)
    #expect(focus.lastChange == .dismissed)
  }

  @Test func movingToTheFocusedFieldOnlyRecordsTheSource() {
    var focus = FocusContext<RegistrationField>(focusedField: .email)
    focus.move(to: .email, source: .programmatic)
    #expect(focus.lastFocusedField == nil)
    #expect(focus.lastChange == .programmatic)
  }

  @Test func inputLengthFollowsTheFocusedOrLastFocusedField() {
    var focus = FocusContext<RegistrationField>()
    #expect(focus.inputLength == 0)
    focus.move(to: .email, source: .tapped)
    focus.recordInput(in: .email, length: 14, source: .typed)
    focus.recordInput(in: .password, length: 20, source: .pasted)
    #expect(focus.inputLength == 14)
    #expect(focus.inputLength(of: .password) == 20)
    #expect(focus.lastChange == .pasted)
    focus.move(to: nil, source: .returnKey)
    #expect(focus.inputLength == 14)
    focus.recordInput(in: .email, length: -2, source: .programmatic)
    #expect(focus.inputLength == 0)
  }

  @Test func onlyProgrammaticChangesAreNotTheUsers() {
    for source in FocusChangeSource.allCases {
      #expect(source.isUserInitiated == (source != .programmatic))
    }
  }
}

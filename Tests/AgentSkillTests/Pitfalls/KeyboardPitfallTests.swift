import AgentSkill
import AgentSkillForms
import Foundation
import Testing

/// `FocusState` stops following the keyboard in iPad
/// Slide Over, because the responder chain it depends on is interrupted.
/// The keyboard's state comes from keyboard notifications instead, as a
/// plain value skills take as input.
@Suite("Pitfall: FocusState misses the keyboard", .timeLimit(.minutes(5)))
struct KeyboardPitfallTests {
  @Test func pitfall_focusStateMissesTheKeyboard_keyboardStateComesFromNotificationsNotFocus() {
    var form = FormNavigation(FormNavigationConfiguration<RegistrationField>(order: [.email, .password]))
    _ = form.handle(.focusChanged(to: .email, source: .tapped), at: .zero)
    // Slide Over: the keyboard of the app beside us comes up over our window;
    // FocusState reports nothing, the notification still arrives.
    let window = CGRect(x: 0, y: 0, width: 694, height: 1366)
    let keyboard = KeyboardEvent(
      phase: .willShow, endFrame: CGRect(x: 0, y: 968, width: 1024, height: 398), isLocal: false)
    _ = form.handle(.keyboardChanged(KeyboardState(event: keyboard, in: window)), at: .seconds(1))
    #expect(form.focus.keyboard == .shown(height: 398))
    #expect(form.focus.focusedField == .email)

    let hidden = KeyboardEvent(phase: .willHide, endFrame: CGRect(x: 0, y: 1366, width: 1024, height: 398))
    _ = form.handle(.keyboardChanged(KeyboardState(event: hidden, in: window)), at: .seconds(2))
    #expect(form.focus.keyboard == .hidden)
    #expect(form.focus.focusedField == .email)
  }
}

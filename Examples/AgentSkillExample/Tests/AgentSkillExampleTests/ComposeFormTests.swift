import AgentSkill
import AgentSkillForms
import AgentSkillTesting
import Foundation
import Testing

@testable import AgentSkillExample

/// The compose form as its bindings drive it: each keystroke applied synchronously, the contact check after the
/// user stops typing, on a test clock.
@MainActor
@Suite("Example compose form", .timeLimit(.minutes(1)))
struct ComposeFormTests {
  typealias Store = AgentTestStore<FormContext<ComposeField>, FormIntent<ComposeField>, FormEffect<ComposeField>>

  @Test("typing shows rule errors at once and checks the recipient after the debounce")
  func typingAndChecking() async {
    let clock = TestClock()
    let schema = ComposeForm.schema { $0 == "ada@example.com" }
    let store = Store(
      context: schema.makeContext(),
      skills: [FormValidationSkill(schema: schema) { _ in }],
      reduce: schema.reduce,
      environment: SkillEnvironment(clock: clock))
    store.apply(.setValue(.recipient, "ada@")) {
      $0.values[.recipient] = "ada@"
      $0.touched = [.recipient]
      $0.errors = [.recipient: "That doesn't look like an email address"]
    }
    store.apply(.setValue(.recipient, "grace@example.com")) {
      $0.values[.recipient] = "grace@example.com"
      $0.errors = [:]
      $0.checking = [.recipient]
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(500))
    let result = FieldCheckResult(value: "grace@example.com", outcome: .failed("Not in your contacts"))
    await store.receive(.checkFinished(.recipient, result)) {
      $0.checking = []
      $0.checkResults[.recipient] = result
      $0.errors = [.recipient: "Not in your contacts"]
    }
    await store.finish()
  }
}

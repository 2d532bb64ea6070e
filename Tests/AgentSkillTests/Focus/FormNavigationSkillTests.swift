import AgentSkill
import AgentSkillForms
import AgentSkillTesting
import Testing

/// The sign-up screen's agent: form navigation plus an account-creation skill.
enum RegistrationIntent: Hashable, Sendable {
  case form(FormNavigationEvent<RegistrationField>)
  case createAccount(validated: Bool)
}

enum RegistrationEffect: Hashable, Sendable {
  case form(FormNavigationUpdate<RegistrationField>)
  case accountRequested(validated: Bool)
}

struct RegistrationContext: Hashable, Sendable {
  var form: FormNavigation<RegistrationField>
  var requests: [Bool] = []
  var rejections: [[RegistrationField]] = []
}

typealias RegistrationAgent = Agent<RegistrationContext, RegistrationIntent, RegistrationEffect>

@MainActor
func makeRegistrationAgent(clock: TestClock, allowsSubmitWithoutValidation: Bool = false) -> RegistrationAgent {
  let navigation = FormNavigationSkill<RegistrationField, RegistrationContext, RegistrationIntent, RegistrationEffect>(
    event: { intent in
      if case .form(let event) = intent { return event }
      return nil
    },
    navigation: \.form,
    effect: RegistrationEffect.form)
  let createAccount = ClosureIntentSkill<RegistrationContext, RegistrationIntent, RegistrationEffect>(
    "CreateAccountSkill",
    canHandle: { if case .createAccount = $0 { true } else { false } },
    handle: { intent, _, emit in
      if case .createAccount(let validated) = intent { emit(.accountRequested(validated: validated)) }
      return .handled
    })
  return RegistrationAgent(
    context: RegistrationContext(
      form: FormNavigation(.registration(allowsSubmitWithoutValidation: allowsSubmitWithoutValidation))),
    skills: [navigation, createAccount],
    reduce: { context, effect in
      switch effect {
      case .form(let update):
        context.form = update.navigation
        return update.commands.compactMap { command in
          switch command {
          case .submit: return .createAccount(validated: true)
          case .submitWithoutValidation: return .createAccount(validated: false)
          case .submitRejected(let invalid):
            context.rejections.append(invalid)
            return nil
          case .focus: return nil
          }
        }
      case .accountRequested(let validated):
        context.requests.append(validated)
        return []
      }
    },
    name: "RegistrationAgent",
    environment: SkillEnvironment(clock: clock))
}

@MainActor
@Suite("Form navigation skill", .timeLimit(.minutes(5)))
struct FormNavigationSkillTests {
  @Test func eventsSentBackToBackApplyInOrderOnTheLatestContext() async {
    let agent = makeRegistrationAgent(clock: TestClock())
    agent.send(.form(.focusChanged(to: .email, source: .tapped)))
    agent.send(.form(.inputChanged(.email, length: 14, isValid: true, source: .typed)))
    await agent.send(.form(.focusChanged(to: nil, source: .returnKey))).finish()
    #expect(agent.context.form.focusRequest == FocusRequest(field: .password, serial: 1))
    #expect(agent.context.form.focus.lastFocusedField == .email)
  }

  @Test func aPastedPasswordJumpsToSubmitAndSubmitCreatesTheAccount() async {
    let agent = makeRegistrationAgent(clock: TestClock())
    agent.send(.form(.inputChanged(.email, length: 14, isValid: true, source: .typed)))
    agent.send(.form(.focusChanged(to: .password, source: .tapped)))
    await agent.send(.form(.inputChanged(.password, length: 24, isValid: true, source: .pasted))).finish()
    #expect(agent.context.form.focusRequest?.field == .submit)
    #expect(agent.context.form.skippedFields == [.confirmPassword])
    await agent.send(.form(.submitTapped)).finish()
    #expect(agent.context.requests == [true])
  }

  @Test func doubleTapIsTimedOnTheAgentsClock() async {
    let clock = TestClock()
    let agent = makeRegistrationAgent(clock: clock, allowsSubmitWithoutValidation: true)
    await agent.send(.form(.submitTapped)).finish()
    #expect(agent.context.rejections == [[.email, .password, .confirmPassword]])
    await clock.advance(by: .milliseconds(500))
    await agent.send(.form(.submitTapped)).finish()
    #expect(agent.context.rejections.count == 2)
    #expect(agent.context.requests == [])
    await clock.advance(by: .milliseconds(250))
    await agent.send(.form(.submitTapped)).finish()
    #expect(agent.context.requests == [false])
  }

  @Test func withoutTheOptInADoubleTapNeverSkipsValidation() async {
    let clock = TestClock()
    let agent = makeRegistrationAgent(clock: clock)
    await agent.send(.form(.submitTapped)).finish()
    await clock.advance(by: .milliseconds(100))
    await agent.send(.form(.submitTapped)).finish()
    #expect(agent.context.requests == [])
    #expect(agent.context.rejections.count == 2)
  }

  @Test func intentsWithoutAFormEventAreNotClaimed() {
    let skill = FormNavigationSkill<RegistrationField, RegistrationContext, RegistrationIntent, RegistrationEffect>(
      event: { if case .form(let event) = $0 { event } else { nil } },
      navigation: \.form,
      effect: RegistrationEffect.form)
    #expect(!skill.canHandle(.createAccount(validated: true)))
    #expect(skill.canHandle(.form(.submitTapped)))
    #expect(skill.policy(for: .form(.submitTapped)) == .enqueue)
    #expect(skill.name == "FormNavigationSkill")
  }
}

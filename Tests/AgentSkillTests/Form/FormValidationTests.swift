import AgentSkill
import AgentSkillForms
import AgentSkillTesting
import Foundation
import Testing

enum SignUpField: String, Hashable, Sendable, Codable {
  case email, password, confirmation
}

typealias SignUpContext = FormContext<SignUpField>
typealias SignUpStore = AgentTestStore<SignUpContext, FormIntent<SignUpField>, FormEffect<SignUpField>>

@MainActor
@Suite("Form validation", .timeLimit(.minutes(5)))
struct FormValidationTests {
  private let clock = TestClock()
  private let checked = LockIsolated<[String]>([])
  private let submitted = LockIsolated<[[SignUpField: String]]>([])
  private let valid: [SignUpField: String] = [
    .email: "ada@example.com", .password: "correct horse", .confirmation: "correct horse",
  ]

  /// The sign-up form; the availability check answers `taken` for the listed
  /// addresses and throws when `offline`.
  private func schema(taken: Set<String> = [], offline: Bool = false) -> FormSchema<SignUpField> {
    let checked = self.checked
    return FormSchema<SignUpField>()
      .rules(.email, .required("Enter your email"), .email("That doesn't look like an email"))
      .check(.email, debounce: .milliseconds(500)) { email in
        checked.withValue { $0.append(email) }
        if offline { throw TestFailure("offline") }
        return taken.contains(email) ? "This email is already registered" : nil
      }
      .rules(.password, .required("Choose a password"), .minLength(8, "Use at least 8 characters"))
      .rules(.confirmation, .matches(.password, "The passwords don't match"))
  }

  private func makeStore(
    _ schema: FormSchema<SignUpField>, values: [SignUpField: String] = [:], submitFails: Bool = false
  ) -> SignUpStore {
    let submitted = self.submitted
    return SignUpStore(
      context: schema.makeContext(values: values),
      skills: [
        FormValidationSkill(schema: schema) { values in
          if submitFails { throw TestFailure("500") }
          submitted.withValue { $0.append(values) }
        }
      ],
      reduce: schema.reduce,
      environment: SkillEnvironment(clock: clock))
  }

  @Test func syncRulesValidateEveryEditedFieldAsTheUserTypes() async {
    let store = makeStore(schema())

    store.apply(.setValue(.password, "short")) {
      $0.values[.password] = "short"
      $0.touched = [.password]
      $0.errors = [.password: "Use at least 8 characters"]
    }
    store.apply(.setValue(.confirmation, "long enough")) {
      $0.values[.confirmation] = "long enough"
      $0.touched.insert(.confirmation)
      $0.errors[.confirmation] = "The passwords don't match"
    }
    store.apply(.setValue(.password, "long enough")) {
      $0.values[.password] = "long enough"
      $0.errors = [:]
    }
    store.apply(.setValue(.email, "ada")) {
      $0.values[.email] = "ada"
      $0.touched.insert(.email)
      $0.errors = [.email: "That doesn't look like an email"]
    }
    await store.finish()
    #expect(checked.value.isEmpty)
  }

  @Test func theAsyncCheckRunsOnceTheUserStopsTyping() async {
    let store = makeStore(schema(taken: ["ada@example.org"]))

    store.apply(.setValue(.email, "ada@example.com")) {
      $0.values[.email] = "ada@example.com"
      $0.touched = [.email]
      $0.checking = [.email]
    }
    await clock.waitForSleepers(1)
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .milliseconds(500))])
    await clock.advance(by: .milliseconds(300))

    store.apply(.setValue(.email, "ada@example.org")) { $0.values[.email] = "ada@example.org" }
    await clock.waitForSleepers(1)
    #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .milliseconds(800))])
    await clock.advance(by: .milliseconds(499))
    #expect(checked.value.isEmpty)
    await clock.advance(by: .milliseconds(1))

    let result = FieldCheckResult(value: "ada@example.org", outcome: .failed("This email is already registered"))
    await store.receive(.checkFinished(.email, result)) {
      $0.checking = []
      $0.checkResults[.email] = result
      $0.errors[.email] = "This email is already registered"
    }
    await store.finish()
    #expect(checked.value == ["ada@example.org"])
  }

  @Test func anEditThatBreaksARuleCancelsThePendingCheck() async {
    let store = makeStore(schema())

    store.apply(.setValue(.email, "ada@example.com")) {
      $0.values[.email] = "ada@example.com"
      $0.touched = [.email]
      $0.checking = [.email]
    }
    await clock.waitForSleepers(1)
    store.apply(.setValue(.email, "ada@")) {
      $0.values[.email] = "ada@"
      $0.checking = []
      $0.errors = [.email: "That doesn't look like an email"]
    }
    await store.finish()
    #expect(!clock.hasSleepers)
    await clock.advance(by: .seconds(1))
    #expect(checked.value.isEmpty)
  }

  @Test func aCheckThatCannotRunDoesNotBlockSubmitting() async {
    let lines = LogLines()
    let schema = schema(offline: true)
    var values = valid
    values[.email] = nil
    let submitted = self.submitted
    let store = SignUpStore(
      context: schema.makeContext(values: values),
      skills: [FormValidationSkill(schema: schema) { values in submitted.withValue { $0.append(values) } }],
      reduce: schema.reduce,
      environment: SkillEnvironment(clock: clock, logSink: lines))

    store.apply(.setValue(.email, "ada@example.com")) {
      $0.values[.email] = "ada@example.com"
      $0.touched = [.email]
      $0.checking = [.email]
      $0.isValid = true
    }
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(500))
    let result = FieldCheckResult(value: "ada@example.com", outcome: .unavailable("offline"))
    await store.receive(.checkFinished(.email, result)) {
      $0.checking = []
      $0.checkResults[.email] = result
      $0.unverified = [.email]
    }

    await store.send(.submit)
    await store.receive(.touchAll) { $0.touched = [.email, .password, .confirmation] }
    await store.receive(.setSubmission(.validating)) { $0.submission = .validating }
    await store.receive(.setSubmission(.submitting)) { $0.submission = .submitting }
    await store.receive(.setSubmission(.succeeded)) { $0.submission = .succeeded }
    await store.finish()
    #expect(submitted.value == [valid])
    #expect(checked.value == ["ada@example.com"])
    #expect(
      lines.entries.contains { $0.level == .warning && $0.message.contains("could not run: offline; not blocking") })
  }

  @Test func submittingRunsPendingChecksAtOnce() async {
    let store = makeStore(schema(), values: valid)
    #expect(store.context.isValid)

    await store.send(.submit)
    await store.receive(.touchAll) { $0.touched = [.email, .password, .confirmation] }
    await store.receive(.setSubmission(.validating)) { $0.submission = .validating }
    let result = FieldCheckResult(value: "ada@example.com", outcome: .passed)
    await store.receive(.checkFinished(.email, result)) { $0.checkResults[.email] = result }
    await store.receive(.setSubmission(.submitting)) { $0.submission = .submitting }
    await store.receive(.setSubmission(.succeeded)) { $0.submission = .succeeded }
    await store.finish()
    #expect(clock.now.offset == .zero)
    #expect(submitted.value == [valid])
  }

  @Test func submittingWithErrorsShowsThemAndSendsNothing() async {
    let store = makeStore(schema())

    await store.send(.submit)
    await store.receive(.touchAll) {
      $0.touched = [.email, .password, .confirmation]
      $0.errors = [.email: "Enter your email", .password: "Choose a password"]
    }
    await store.receive(.setSubmission(.validating)) { $0.submission = .validating }
    await store.receive(.setSubmission(.invalid)) { $0.submission = .invalid }
    await store.finish()
    #expect(submitted.value.isEmpty)
    #expect(checked.value.isEmpty)
  }

  @Test func aRefusedValueBlocksSubmitting() async {
    let store = makeStore(schema(taken: ["ada@example.com"]), values: valid)

    await store.send(.submit)
    await store.receive(.touchAll) { $0.touched = [.email, .password, .confirmation] }
    await store.receive(.setSubmission(.validating)) { $0.submission = .validating }
    let result = FieldCheckResult(value: "ada@example.com", outcome: .failed("This email is already registered"))
    await store.receive(.checkFinished(.email, result)) {
      $0.checkResults[.email] = result
      $0.errors = [.email: "This email is already registered"]
      $0.isValid = false
    }
    await store.receive(.setSubmission(.invalid)) { $0.submission = .invalid }
    await store.finish()
    #expect(submitted.value.isEmpty)
  }

  @Test func aFailedSubmissionIsRecorded() async {
    let store = makeStore(schema(), values: valid, submitFails: true)
    store.exhaustivity = .off
    await store.send(.submit)
    await store.receive(.setSubmission(.failed("Couldn't submit the form. Try again."))) {
      $0.submission = .failed("Couldn't submit the form. Try again.")
    }
    await store.finish()
  }

  @Test func formAgentWiresTheSchemaAndResetClearsTheForm() async {
    let schema = schema()
    let submitted = self.submitted
    let agent = FormAgent(schema: schema, values: valid, environment: SkillEnvironment(clock: clock)) { values in
      submitted.withValue { $0.append(values) }
    }
    #expect(agent.context.isValid)
    await agent.send(.submit).finish()
    #expect(agent.context.submission == .succeeded)
    #expect(submitted.value == [valid])

    await agent.send(.reset).finish()
    #expect(agent.context == SignUpContext())
  }

  @Test func builtInRules() {
    let values: [SignUpField: String] = [.password: "abc"]
    let cases: [(FieldRule<SignUpField>, String, String?)] = [
      (.required("req"), "  ", "req"),
      (.required("req"), "x", nil),
      (.minLength(3, "min"), "", nil),
      (.minLength(3, "min"), "ab", "min"),
      (.maxLength(2, "max"), "abc", "max"),
      (.email("email"), "", nil),
      (.email("email"), "a@b.co", nil),
      (.email("email"), "a@b", "email"),
      (.email("email"), "a @b.co", "email"),
      (.email("email"), "@b.co", "email"),
      (.email("email"), "a@b@c.co", "email"),
      (.email("email"), "a@b..co", "email"),
      (.matches(.password, "match"), "abc", nil),
      (.matches(.password, "match"), "abd", "match"),
      (.predicate("digits") { $0.allSatisfy(\.isNumber) }, "12a", "digits"),
    ]
    for (rule, value, expected) in cases {
      #expect(rule.error(for: value, in: values) == expected, "\(value)")
    }
  }

  @Test func formContextRoundTripsThroughJSON() throws {
    var context = schema().makeContext(values: valid)
    context.checkResults[.email] = FieldCheckResult(value: "ada@example.com", outcome: .unavailable("offline"))
    context.submission = .failed("500")
    let decoded = try JSONDecoder().decode(SignUpContext.self, from: JSONEncoder().encode(context))
    #expect(decoded == context)
  }
}

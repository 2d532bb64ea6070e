import AgentSkill
import AgentSkillForms
import Testing

@Suite("Form navigation", .timeLimit(.minutes(5)))
struct FormNavigationTests {
  // MARK: Advancing

  @Test func returnInAValidFieldMovesFocusToTheNextField() {
    var form = RegistrationNavigation(.registration())
    form.handle(
      .focusChanged(to: .email, source: .tapped),
      .inputChanged(.email, length: 14, isValid: true, source: .typed))
    let commands = form.handle(.focusChanged(to: nil, source: .returnKey), at: .seconds(1))
    #expect(commands == [.focus(.password)])
    #expect(form.focusRequest == FocusRequest(field: .password, serial: 1))
    #expect(form.focus.focusedField == .password)
    #expect(form.focus.lastFocusedField == .email)
    #expect(form.focus.lastChange == .programmatic)
  }

  @Test func theNavigationsOwnRequestReportedBackIsProgrammaticAndTriggersNothing() {
    var form = RegistrationNavigation(.registration())
    form.handle(
      .focusChanged(to: .email, source: .tapped),
      .inputChanged(.email, length: 14, isValid: true, source: .typed),
      .focusChanged(to: nil, source: .returnKey))
    // FocusState follows the request; the view reports every change it sees as a tap.
    #expect(form.handle(.focusChanged(to: .password, source: .tapped)) == [])
    #expect(form.focus.lastChange == .programmatic)
    // The next tap is the user's own.
    #expect(form.handle(.focusChanged(to: .email, source: .tapped)) == [])
    #expect(form.focus.lastChange == .tapped)
    #expect(form.focus.lastFocusedField == .password)
  }

  @Test func anInvalidFieldKeepsFocusWhereTheUserLeftIt() {
    var form = RegistrationNavigation(.registration())
    form.handle(
      .focusChanged(to: .email, source: .tapped),
      .inputChanged(.email, length: 4, isValid: false, source: .typed))
    #expect(form.handle(.focusChanged(to: nil, source: .returnKey)) == [])
    #expect(form.focus.focusedField == nil)
    #expect(form.focusRequest == nil)
  }

  @Test func movingToAnotherFieldYourselfIsRespected() {
    var form = RegistrationNavigation(.registration())
    form.handle(
      .focusChanged(to: .email, source: .tapped),
      .inputChanged(.email, length: 14, isValid: true, source: .typed))
    #expect(form.handle(.focusChanged(to: .confirmPassword, source: .tapped)) == [])
    #expect(form.focus.focusedField == .confirmPassword)
    #expect(form.focus.lastFocusedField == .email)
  }

  @Test func dismissingTheKeyboardDoesNotAdvanceUnlessConfigured() {
    var form = RegistrationNavigation(.registration())
    form.handle(
      .focusChanged(to: .email, source: .tapped),
      .inputChanged(.email, length: 14, isValid: true, source: .typed))
    #expect(form.handle(.focusChanged(to: nil, source: .dismissed)) == [])

    var eager = RegistrationNavigation(.registration(advanceTriggers: [.returnKey, .dismissed]))
    eager.handle(
      .focusChanged(to: .email, source: .tapped),
      .inputChanged(.email, length: 14, isValid: true, source: .typed))
    #expect(eager.handle(.focusChanged(to: nil, source: .dismissed)) == [.focus(.password)])
  }

  @Test func returnReportedAfterTheFocusLossStillAdvancesFromTheFieldLeft() {
    var form = RegistrationNavigation(.registration())
    form.handle(
      .focusChanged(to: .email, source: .tapped),
      .inputChanged(.email, length: 14, isValid: true, source: .typed),
      .focusChanged(to: nil, source: .dismissed))
    #expect(form.handle(.focusChanged(to: nil, source: .returnKey)) == [.focus(.password)])
  }

  @Test func aFocusLossReportedWhileARequestIsPendingIsTheOldFieldAndIgnored() {
    var form = RegistrationNavigation(.registration())
    form.handle(
      .focusChanged(to: .email, source: .tapped),
      .inputChanged(.email, length: 14, isValid: true, source: .typed),
      .focusChanged(to: nil, source: .returnKey))
    #expect(form.handle(.focusChanged(to: nil, source: .dismissed)) == [])
    #expect(form.focus.focusedField == .password)
    #expect(form.handle(.focusChanged(to: .password, source: .tapped)) == [])
    #expect(form.focus.lastChange == .programmatic)
  }

  @Test func nextIncompleteFieldSkipsValidFieldsAndWrapsAround() {
    var form = RegistrationNavigation(.registration())
    form.handle(
      .inputChanged(.password, length: 9, isValid: true, source: .typed),
      .focusChanged(to: .email, source: .tapped),
      .inputChanged(.email, length: 14, isValid: true, source: .typed))
    #expect(form.handle(.focusChanged(to: nil, source: .returnKey)) == [.focus(.confirmPassword)])

    var wrapping = RegistrationNavigation(.registration())
    wrapping.handle(
      .inputChanged(.password, length: 9, isValid: true, source: .typed),
      .focusChanged(to: .confirmPassword, source: .tapped),
      .inputChanged(.confirmPassword, length: 9, isValid: true, source: .typed))
    #expect(wrapping.handle(.focusChanged(to: nil, source: .returnKey)) == [.focus(.email)])
  }

  @Test func nextFieldFollowsTheOrderStrictlyAndEndsOnSubmit() {
    var form = RegistrationNavigation(.registration(advance: .nextField))
    form.handle(
      .inputChanged(.password, length: 9, isValid: true, source: .typed),
      .focusChanged(to: .email, source: .tapped),
      .inputChanged(.email, length: 14, isValid: true, source: .typed))
    #expect(form.handle(.focusChanged(to: nil, source: .returnKey)) == [.focus(.password)])
    form.handle(
      .focusChanged(to: .password, source: .tapped),
      .focusChanged(to: .confirmPassword, source: .tapped),
      .inputChanged(.confirmPassword, length: 9, isValid: true, source: .typed))
    #expect(form.handle(.focusChanged(to: nil, source: .returnKey)) == [.focus(.submit)])
  }

  @Test func theLastValidFieldLeadsToSubmitOrNowhere() {
    var form = RegistrationNavigation(.registration())
    form.handle(
      .inputChanged(.email, length: 14, isValid: true, source: .typed),
      .inputChanged(.password, length: 9, isValid: true, source: .typed),
      .focusChanged(to: .confirmPassword, source: .tapped),
      .inputChanged(.confirmPassword, length: 9, isValid: true, source: .typed))
    #expect(form.handle(.focusChanged(to: nil, source: .returnKey)) == [.focus(.submit)])

    var noSubmit = FormNavigation(FormNavigationConfiguration<RegistrationField>(order: [.email, .password]))
    noSubmit.handle(
      .inputChanged(.email, length: 14, isValid: true, source: .typed),
      .focusChanged(to: .password, source: .tapped),
      .inputChanged(.password, length: 9, isValid: true, source: .typed))
    #expect(noSubmit.handle(.focusChanged(to: nil, source: .returnKey)) == [])
    #expect(noSubmit.focus.focusedField == nil)
  }

  @Test func requestingTheSameFieldAgainIsANewRequest() {
    var form = RegistrationNavigation(.registration())
    form.handle(
      .focusChanged(to: .email, source: .tapped),
      .inputChanged(.email, length: 14, isValid: true, source: .typed),
      .focusChanged(to: nil, source: .returnKey),
      .focusChanged(to: .password, source: .tapped),
      .focusChanged(to: .email, source: .tapped),
      .focusChanged(to: nil, source: .returnKey))
    #expect(form.focusRequest == FocusRequest(field: .password, serial: 2))
  }

  // MARK: Paste skip

  @Test func aLongPastedPasswordSkipsTheConfirmationAndFocusesSubmit() {
    var form = RegistrationNavigation(.registration())
    form.handle(
      .inputChanged(.email, length: 14, isValid: true, source: .typed),
      .focusChanged(to: .password, source: .tapped))
    let commands = form.handle(.inputChanged(.password, length: 12, isValid: true, source: .pasted))
    #expect(commands == [.focus(.submit)])
    #expect(form.skippedFields == [.confirmPassword])
    #expect(form.requiredFields == [.email, .password])
    #expect(form.isComplete)
    #expect(form.handle(.submitTapped, at: .seconds(1)) == [.submit])
  }

  @Test func shortPastesTypedPasswordsAndInvalidPastesSkipNothing() {
    for (length, isValid, source) in [(11, true, FocusChangeSource.pasted), (30, true, .typed), (30, false, .pasted)] {
      var form = RegistrationNavigation(.registration())
      form.handle(
        .inputChanged(.email, length: 14, isValid: true, source: .typed),
        .focusChanged(to: .password, source: .tapped))
      #expect(form.handle(.inputChanged(.password, length: length, isValid: isValid, source: source)) == [])
      #expect(form.skippedFields.isEmpty)
      #expect(form.requiredFields == [.email, .password, .confirmPassword])
    }
  }

  @Test func changingThePastedPasswordBringsTheConfirmationBack() {
    var form = RegistrationNavigation(.registration())
    form.handle(
      .inputChanged(.email, length: 14, isValid: true, source: .typed),
      .focusChanged(to: .password, source: .tapped),
      .inputChanged(.password, length: 20, isValid: true, source: .pasted),
      .focusChanged(to: .password, source: .tapped),
      .inputChanged(.password, length: 19, isValid: true, source: .typed))
    #expect(form.skippedFields.isEmpty)
    #expect(form.invalidFields == [.confirmPassword])
    #expect(
      form.handle(.submitTapped, at: .seconds(1)) == [
        .submitRejected(invalid: [.confirmPassword]), .focus(.confirmPassword),
      ])
  }

  // MARK: Submit

  @Test func submitWithEveryFieldValidSubmits() {
    var form = RegistrationNavigation(.registration())
    form.handle(
      .inputChanged(.email, length: 14, isValid: true, source: .typed),
      .inputChanged(.password, length: 9, isValid: true, source: .typed),
      .inputChanged(.confirmPassword, length: 9, isValid: true, source: .autofilled))
    #expect(form.handle(.submitTapped, at: .zero) == [.submit])
  }

  @Test func rejectedSubmitListsInvalidFieldsAndFocusesTheFirst() {
    var form = RegistrationNavigation(.registration())
    form.handle(
      .inputChanged(.email, length: 14, isValid: true, source: .typed),
      .focusChanged(to: .submit, source: .tapped))
    #expect(
      form.handle(.submitTapped, at: .zero) == [
        .submitRejected(invalid: [.password, .confirmPassword]), .focus(.password),
      ])
    #expect(form.focusRequest?.field == .password)
  }

  @Test func aDoubleTapSubmitsOnceAndABurstKeepsExtendingTheWindow() {
    var form = RegistrationNavigation(.registration())
    form.handle(
      .inputChanged(.email, length: 14, isValid: true, source: .typed),
      .inputChanged(.password, length: 9, isValid: true, source: .typed),
      .inputChanged(.confirmPassword, length: 9, isValid: true, source: .typed))
    #expect(form.handle(.submitTapped, at: .zero) == [.submit])
    #expect(form.handle(.submitTapped, at: .milliseconds(300)) == [])
    #expect(form.handle(.submitTapped, at: .milliseconds(650)) == [])
    #expect(form.handle(.submitTapped, at: .milliseconds(1_100)) == [.submit])
  }

  @Test func submitWithoutValidationIsOffByDefault() {
    var form = RegistrationNavigation(.registration())
    #expect(!form.configuration.allowsSubmitWithoutValidation)
    let rejected: [FormNavigationCommand<RegistrationField>] = [
      .submitRejected(invalid: [.email, .password, .confirmPassword]), .focus(.email),
    ]
    #expect(form.handle(.submitTapped, at: .zero) == rejected)
    let second = form.handle(.submitTapped, at: .milliseconds(100))
    #expect(second == [.submitRejected(invalid: [.email, .password, .confirmPassword])])
    #expect(!second.contains(.submitWithoutValidation(invalid: [.email, .password, .confirmPassword])))
  }

  @Test func optedInDoubleTapAfterARejectionSubmitsWithoutValidation() {
    var form = RegistrationNavigation(.registration(allowsSubmitWithoutValidation: true))
    form.handle(.inputChanged(.email, length: 14, isValid: true, source: .typed))
    #expect(
      form.handle(.submitTapped, at: .seconds(10)).first == .submitRejected(invalid: [.password, .confirmPassword]))
    #expect(
      form.handle(.submitTapped, at: .seconds(10) + .milliseconds(400)) == [
        .submitWithoutValidation(invalid: [.password, .confirmPassword])
      ])
    // A third tap right after is part of the same burst.
    #expect(form.handle(.submitTapped, at: .seconds(10) + .milliseconds(500)) == [])
  }

  @Test func optedInSlowSecondTapIsJustAnotherRejection() {
    var form = RegistrationNavigation(.registration(allowsSubmitWithoutValidation: true))
    _ = form.handle(.submitTapped, at: .zero)
    #expect(
      form.handle(.submitTapped, at: .milliseconds(401)).first
        == .submitRejected(invalid: [.email, .password, .confirmPassword]))
  }

  @Test func optedInDoubleTapOnAFormThatBecameValidSubmitsNormally() {
    var form = RegistrationNavigation(.registration(allowsSubmitWithoutValidation: true))
    form.handle(
      .inputChanged(.email, length: 14, isValid: true, source: .typed),
      .inputChanged(.password, length: 9, isValid: true, source: .typed))
    _ = form.handle(.submitTapped, at: .zero)
    form.handle(.inputChanged(.confirmPassword, length: 9, isValid: true, source: .autofilled))
    #expect(form.handle(.submitTapped, at: .milliseconds(200)) == [.submit])
  }

  // MARK: Keyboard

  @Test func keyboardChangesAreRecordedWithoutCommands() {
    var form = RegistrationNavigation(.registration())
    #expect(form.handle(.keyboardChanged(.shown(height: 336))) == [])
    #expect(form.focus.keyboard == .shown(height: 336))
    form.handle(.keyboardChanged(.hidden))
    #expect(form.focus.keyboard == .hidden)
  }

  @Test func configurationClampsNegativeValues() {
    let configuration = FormNavigationConfiguration<RegistrationField>(
      order: [.email], doubleTapWindow: .seconds(-1))
    #expect(configuration.doubleTapWindow == .zero)
    #expect(
      FormNavigationConfiguration<RegistrationField>.PasteSkip(field: .email, minimumLength: -3, skipping: [])
        .minimumLength
        == 0)
  }
}

import AgentSkill

/// A smart form's focus rules as a pure state machine: it moves focus
/// to the next field when a valid field is left, skips a confirmation field
/// after a long pasted password, and decides what a submit tap does.
///
/// It holds no values and no clock: events carry input lengths and validity,
/// and the caller passes the time of each event, so every rule is tested
/// without a view or a real clock. ``FormNavigationSkill`` runs it in an
/// ``/AgentSkill/Agent``.
///
/// ```swift
/// var form = FormNavigation(FormNavigationConfiguration<Field>(
///   order: [.email, .password, .confirmPassword], submit: .submit,
///   pasteSkips: [.confirmation(of: .password, by: .confirmPassword)]))
/// _ = form.handle(.focusChanged(to: .email, source: .tapped), at: .zero)
/// _ = form.handle(.inputChanged(.email, length: 14, isValid: true, source: .typed), at: .seconds(3))
/// form.handle(.focusChanged(to: nil, source: .returnKey), at: .seconds(4))   // [.focus(.password)]
/// form.handle(.inputChanged(.password, length: 20, isValid: true, source: .pasted), at: .seconds(6))
///                                                                            // [.focus(.submit)]
/// form.handle(.submitTapped, at: .seconds(7))                                // [.submit]
/// ```
///
/// ## Rules
/// - **Advance.** When focus is lost through one of
///   ``FormNavigationConfiguration/advanceTriggers`` (Return by default) and
///   the field left is valid, focus moves on (see
///   ``FormNavigationConfiguration/Advance``). Moving to another field
///   yourself, or dismissing the keyboard, is respected. An invalid field
///   keeps you where you are.
/// - **Paste skip.** A paste of at least
///   ``FormNavigationConfiguration/PasteSkip/minimumLength`` characters into
///   a rule's field, when that field is valid, skips the rule's fields and
///   moves focus past them (to submit, for a password and its
///   confirmation). Skipped fields are not required on submit and are listed
///   in ``skippedFields``, so the app knows not to check them. Any later
///   change to the field brings them back.
/// - **Submit.** A tap submits when every required field (``requiredFields``)
///   is valid; otherwise it is rejected, listing the invalid fields, and
///   focus moves to the first one. A second tap within
///   ``FormNavigationConfiguration/doubleTapWindow`` of a submit is ignored
///   (a double tap submits once; a burst of taps keeps extending the window).
///   Only with ``FormNavigationConfiguration/allowsSubmitWithoutValidation``
///   on does a second tap within the window of a *rejected* submit submit
///   without validation — the opt-in emergency path, off by default.
/// - **Own requests.** Focus the navigation requested is recorded as
///   ``FocusChangeSource/programmatic`` when `FocusState` reports it back, so
///   it never triggers a rule; a focus loss reported while a request is
///   pending is the previous field losing focus, and is ignored.
public struct FormNavigation<Field: Hashable & Sendable>: Hashable, Sendable {
  private enum SubmitOutcome: Hashable, Sendable {
    case submitted
    case rejected
  }

  private struct SubmitTap: Hashable, Sendable {
    var time: Duration
    var outcome: SubmitOutcome
  }

  /// The rules.
  package let configuration: FormNavigationConfiguration<Field>
  /// The focused field, the previous one, input lengths, how the last change
  /// happened, and the keyboard.
  public private(set) var focus: FocusContext<Field>
  /// The navigation's latest focus request; a view moves `FocusState` to it.
  public private(set) var focusRequest: FocusRequest<Field>?
  /// The fields a paste skipped; they are not required on submit.
  public private(set) var skippedFields: Set<Field> = []
  private var validity: [Field: Bool] = [:]
  private var pendingFocus: Field?
  private var lastSubmitTap: SubmitTap?

  /// Creates a navigation in its initial state: nothing valid, nothing skipped.
  ///
  /// - Parameters:
  ///   - configuration: The rules.
  ///   - focus: The initial focus context. Defaults to no focus, keyboard hidden.
  public init(_ configuration: FormNavigationConfiguration<Field>, focus: FocusContext<Field> = FocusContext()) {
    self.configuration = configuration
    self.focus = focus
  }

  /// Whether `field` was last reported valid (`false` before any report).
  ///
  /// - Parameter field: The field.
  /// - Returns: The validity from the last ``FormNavigationEvent/inputChanged(_:length:isValid:source:)``.
  public func isValid(_ field: Field) -> Bool {
    validity[field] ?? false
  }

  /// The fields a submit requires: the configured order without the skipped fields.
  public var requiredFields: [Field] {
    configuration.order.filter { !skippedFields.contains($0) }
  }

  /// The required fields that are not valid, in order.
  public var invalidFields: [Field] {
    requiredFields.filter { !isValid($0) }
  }

  /// Whether every required field is valid.
  public var isComplete: Bool {
    requiredFields.allSatisfy(isValid)
  }

  /// Applies `event` and returns what the form should do.
  ///
  /// - Parameters:
  ///   - event: What happened.
  ///   - time: When it happened, on any monotonic timeline (the navigation
  ///     only compares times of submit taps).
  /// - Returns: The commands, in order; usually none or one.
  public mutating func handle(_ event: FormNavigationEvent<Field>, at time: Duration) -> [FormNavigationCommand<Field>]
  {
    switch event {
    case .focusChanged(let field, let source):
      return focusChanged(to: field, source: source)
    case .inputChanged(let field, let length, let isValid, let source):
      return inputChanged(field, length: length, isValid: isValid, source: source)
    case .keyboardChanged(let keyboard):
      focus.keyboard = keyboard
      return []
    case .submitTapped:
      return submitTapped(at: time)
    }
  }

  // MARK: - Rules

  private mutating func focusChanged(to field: Field?, source: FocusChangeSource) -> [FormNavigationCommand<Field>] {
    if let pending = pendingFocus {
      if field == pending {
        pendingFocus = nil
        focus.move(to: field, source: .programmatic)
        return []
      }
      if field == nil, source != .returnKey { return [] }
      pendingFocus = nil
    }
    let left = focus.focusedField ?? (source == .returnKey ? focus.lastFocusedField : nil)
    focus.move(to: field, source: source)
    guard field == nil, configuration.advanceTriggers.contains(source), let left, isValid(left),
      let target = nextTarget(after: left)
    else { return [] }
    return request(target)
  }

  private mutating func inputChanged(
    _ field: Field, length: Int, isValid: Bool, source: FocusChangeSource
  ) -> [FormNavigationCommand<Field>] {
    focus.recordInput(in: field, length: length, source: source)
    validity[field] = isValid
    // A new value in a rule's field brings back what an earlier paste skipped.
    for rule in configuration.pasteSkips where rule.field == field {
      skippedFields.subtract(rule.skipping)
    }
    guard source == .pasted, isValid,
      let rule = configuration.pasteSkips.first(where: { $0.field == field && length >= $0.minimumLength })
    else { return [] }
    skippedFields.formUnion(rule.skipping)
    guard let target = nextTarget(after: field) else { return [] }
    return request(target)
  }

  private mutating func submitTapped(at time: Duration) -> [FormNavigationCommand<Field>] {
    let invalid = invalidFields
    if let last = lastSubmitTap, time >= last.time, time - last.time <= configuration.doubleTapWindow {
      switch last.outcome {
      case .submitted:
        lastSubmitTap = SubmitTap(time: time, outcome: .submitted)
        return []
      case .rejected where configuration.allowsSubmitWithoutValidation && !invalid.isEmpty:
        lastSubmitTap = SubmitTap(time: time, outcome: .submitted)
        return [.submitWithoutValidation(invalid: invalid)]
      case .rejected:
        break
      }
    }
    guard let first = invalid.first else {
      lastSubmitTap = SubmitTap(time: time, outcome: .submitted)
      return [.submit]
    }
    lastSubmitTap = SubmitTap(time: time, outcome: .rejected)
    return [.submitRejected(invalid: invalid)] + request(first)
  }

  // MARK: - Helpers

  /// Where focus goes after leaving `field`, or `nil` to stay unfocused.
  private func nextTarget(after field: Field) -> Field? {
    let order = configuration.order
    guard let index = order.firstIndex(of: field) else { return nil }
    let after = order[(index + 1)...].filter { !skippedFields.contains($0) }
    switch configuration.advance {
    case .nextField:
      return after.first ?? configuration.submit
    case .nextIncompleteField:
      let before = order[..<index].filter { !skippedFields.contains($0) }
      return (after + before).first { !isValid($0) } ?? configuration.submit
    }
  }

  /// Requests focus on `field`, unless it already has it.
  private mutating func request(_ field: Field) -> [FormNavigationCommand<Field>] {
    guard field != focus.focusedField else { return [] }
    focus.move(to: field, source: .programmatic)
    pendingFocus = field
    focusRequest = FocusRequest(field: field, serial: (focusRequest?.serial ?? 0) + 1)
    return [.focus(field)]
  }
}

import AgentSkill

/// How a ``FormNavigation`` moves focus and submits: the field order, the
/// submit target, when to advance, which pastes skip fields, and whether a
/// double tap may submit without validation.
///
/// ```swift
/// let configuration = FormNavigationConfiguration<Field>(
///   order: [.email, .password, .confirmPassword],
///   submit: .submit,
///   pasteSkips: [.confirmation(of: .password, by: .confirmPassword)]   // pasted 12+ characters
/// )
/// ```
public struct FormNavigationConfiguration<Field: Hashable & Sendable>: Hashable, Sendable {
  /// Where focus goes when it leaves a valid field.
  public enum Advance: Hashable, Sendable {
    /// The next field in ``FormNavigationConfiguration/order`` (not
    /// skipped), then the submit target.
    case nextField
    /// The next field that is not valid yet, searching forward and then
    /// from the start; the submit target once every field is valid.
    case nextIncompleteField
  }

  /// A paste that makes fields unnecessary: a long pasted password is a
  /// generated one, so retyping it in a confirmation field is pointless.
  public struct PasteSkip: Hashable, Sendable {
    /// The field the paste goes into.
    public var field: Field
    /// The shortest pasted input that skips.
    public var minimumLength: Int
    /// The fields the paste skips.
    public var skipping: Set<Field>

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - field: The field the paste goes into.
    ///   - minimumLength: The shortest pasted input that skips.
    ///   - skipping: The fields the paste skips.
    public init(field: Field, minimumLength: Int, skipping: Set<Field>) {
      self.field = field
      self.minimumLength = max(minimumLength, 0)
      self.skipping = skipping
    }

    /// Skips `confirmation` when at least `minimumLength` characters are
    /// pasted into `password` and the password is valid.
    ///
    /// - Parameters:
    ///   - password: The password field.
    ///   - confirmation: The field repeating it.
    ///   - minimumLength: The shortest pasted password that skips. Defaults to 12.
    /// - Returns: The rule.
    public static func confirmation(of password: Field, by confirmation: Field, minimumLength: Int = 12) -> PasteSkip {
      PasteSkip(field: password, minimumLength: minimumLength, skipping: [confirmation])
    }
  }

  /// The fields in navigation order. Fields not listed are never advanced
  /// to or from, and are not checked on submit.
  public var order: [Field]
  /// The focusable submit control (a button with `.focused(_:equals:)`), or
  /// `nil` when the form has none; focus goes there after the last field.
  public var submit: Field?
  /// Where focus goes when it leaves a valid field.
  public var advance: Advance
  /// The focus losses that advance: by default only Return (``FocusChangeSource/returnKey``);
  /// add ``FocusChangeSource/dismissed`` to advance when the keyboard is dismissed too.
  public var advanceTriggers: Set<FocusChangeSource>
  /// The pastes that skip fields.
  public var pasteSkips: [PasteSkip]
  /// Two submit taps at most this far apart count as a double tap: the
  /// second one is ignored after a submit, or — with
  /// ``allowsSubmitWithoutValidation`` — submits without validation after a
  /// rejected submit.
  public var doubleTapWindow: Duration
  /// Whether a double tap on submit after a rejected submit submits
  /// without validation (an "emergency submit"). Off by default:
  /// turn it on only where sending unvalidated input is acceptable and the
  /// server validates again.
  public var allowsSubmitWithoutValidation: Bool

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - order: The fields in navigation order.
  ///   - submit: The focusable submit control, if any. Defaults to none.
  ///   - advance: Where focus goes when it leaves a valid field. Defaults to
  ///     ``Advance/nextIncompleteField``.
  ///   - advanceTriggers: The focus losses that advance. Defaults to Return only.
  ///   - pasteSkips: The pastes that skip fields. Defaults to none.
  ///   - doubleTapWindow: The longest gap between the taps of a double tap.
  ///     Defaults to 400 ms; negative values count as zero.
  ///   - allowsSubmitWithoutValidation: Whether a double tap after a rejected
  ///     submit submits without validation. Defaults to `false`.
  public init(
    order: [Field],
    submit: Field? = nil,
    advance: Advance = .nextIncompleteField,
    advanceTriggers: Set<FocusChangeSource> = [.returnKey],
    pasteSkips: [PasteSkip] = [],
    doubleTapWindow: Duration = .milliseconds(400),
    allowsSubmitWithoutValidation: Bool = false
  ) {
    self.order = order
    self.submit = submit
    self.advance = advance
    self.advanceTriggers = advanceTriggers
    self.pasteSkips = pasteSkips
    self.doubleTapWindow = max(doubleTapWindow, .zero)
    self.allowsSubmitWithoutValidation = allowsSubmitWithoutValidation
  }
}

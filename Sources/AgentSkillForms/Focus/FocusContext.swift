import AgentSkill

/// Everything form logic needs to know about focus in one value: the focused
/// field, the one focused before it, how long the current input is, how the
/// last change happened, and whether the keyboard is on screen.
///
/// `FocusState` only fires when focus actually moves, never when a field's
/// text changes, and it stops tracking the keyboard in iPad Slide Over.
/// `FocusContext` joins the signals —
/// focus changes, input changes and keyboard notifications — into the single
/// input a skill reads:
///
/// ```swift
/// var focus = FocusContext<Field>()
/// focus.move(to: .email, source: .tapped)
/// focus.recordInput(in: .email, length: 14, source: .typed)
/// focus.keyboard = .shown(height: 336)
/// focus.inputLength        // 14
/// focus.lastChange         // .typed
/// ```
public struct FocusContext<Field: Hashable & Sendable>: Hashable, Sendable {
  /// The field that has focus, or `nil` when none has.
  public private(set) var focusedField: Field?
  /// The field that had focus before the current one (or before focus was lost).
  public private(set) var lastFocusedField: Field?
  /// How the last change to focus or input happened, or `nil` before any change.
  public private(set) var lastChange: FocusChangeSource?
  /// Whether the keyboard covers part of the screen, from keyboard
  /// notifications rather than from focus (see ``KeyboardState``).
  public var keyboard: KeyboardState
  private var lengths: [Field: Int]

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - focusedField: The field that has focus. Defaults to none.
  ///   - keyboard: The keyboard's state. Defaults to ``KeyboardState/hidden``.
  public init(focusedField: Field? = nil, keyboard: KeyboardState = .hidden) {
    self.focusedField = focusedField
    self.lastFocusedField = nil
    self.lastChange = nil
    self.keyboard = keyboard
    self.lengths = [:]
  }

  /// The length of the input in the focused field or, when no field has
  /// focus, in the field that had it last; `0` when nothing was recorded.
  public var inputLength: Int {
    guard let field = focusedField ?? lastFocusedField else { return 0 }
    return lengths[field] ?? 0
  }

  /// The recorded input length of `field`, `0` when nothing was recorded.
  ///
  /// - Parameter field: The field.
  /// - Returns: The length last recorded with ``recordInput(in:length:source:)``.
  public func inputLength(of field: Field) -> Int {
    lengths[field] ?? 0
  }

  /// Whether `field` has focus.
  ///
  /// - Parameter field: The field.
  /// - Returns: `true` when `field` is the focused field.
  public func isFocused(_ field: Field) -> Bool {
    focusedField == field
  }

  /// Records that focus moved to `field` (or was lost, for `nil`).
  ///
  /// Moving to the field that already has focus only records the source.
  ///
  /// - Parameters:
  ///   - field: The newly focused field, or `nil`.
  ///   - source: How focus moved.
  public mutating func move(to field: Field?, source: FocusChangeSource) {
    if field != focusedField {
      if let current = focusedField { lastFocusedField = current }
      focusedField = field
    }
    lastChange = source
  }

  /// Records that the input of `field` changed.
  ///
  /// - Parameters:
  ///   - field: The field whose input changed.
  ///   - length: The new length, in characters; negative values count as zero.
  ///   - source: How the input changed.
  public mutating func recordInput(in field: Field, length: Int, source: FocusChangeSource) {
    lengths[field] = max(length, 0)
    lastChange = source
  }
}

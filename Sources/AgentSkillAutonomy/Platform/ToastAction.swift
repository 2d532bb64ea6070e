import AgentSkill

/// The button of a ``Toast``: a title and what a tap does, on the main actor.
///
/// ```swift
/// let undo = ToastAction.undo { print("restore the previous text") }
/// let open = ToastAction("View") { print("show the note") }
/// ```
///
/// An Undo action (``isUndo``) is also registered with SwiftUI's
/// `UndoManager` while its toast is shown, so shaking the device or ⌘Z
/// performs it too.
public struct ToastAction: Sendable {
  /// The button's title.
  public var title: String
  /// Whether the action undoes what the toast reports.
  public var isUndo: Bool
  /// What a tap does.
  public let perform: @MainActor @Sendable () -> Void

  /// Creates an action.
  ///
  /// - Parameters:
  ///   - title: The button's title.
  ///   - isUndo: Whether the action undoes what the toast reports. Defaults to `false`.
  ///   - perform: What a tap does, on the main actor.
  public init(_ title: String, isUndo: Bool = false, perform: @escaping @MainActor @Sendable () -> Void) {
    self.title = title
    self.isUndo = isUndo
    self.perform = perform
  }

  /// An Undo button, titled in the current language ("Undo", "撤销").
  ///
  /// - Parameters:
  ///   - title: The button's title. Defaults to the library's localized "Undo".
  ///   - perform: Undoes the change, on the main actor.
  /// - Returns: The action.
  public static func undo(
    _ title: String = AgentSkillLocalization.string("toast.undo"),
    perform: @escaping @MainActor @Sendable () -> Void
  ) -> ToastAction {
    ToastAction(title, isUndo: true, perform: perform)
  }
}

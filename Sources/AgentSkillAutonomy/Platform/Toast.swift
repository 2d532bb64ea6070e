import AgentSkill
import Foundation

/// A short message shown over the app's content for a few seconds, with an
/// optional action such as Undo.
///
/// Skills show toasts through ``PlatformServices/show(_:)`` (or
/// ``ShowToastSkill``); `AgentSkillUI`'s `.toasts(from:)` presents them.
///
/// ```swift
/// let toast = Toast("Note saved", action: .undo { print("undo the save") })
/// ```
public struct Toast: Sendable, Identifiable, Equatable, CustomStringConvertible {
  /// Identifies this toast (its action is performed and it is dismissed by id).
  public let id: UUID
  /// The text shown.
  public var message: String
  /// The button shown next to the message, if any.
  public var action: ToastAction?
  /// How long the toast stays before it is dismissed.
  public var duration: Duration
  /// The haptic played when the toast appears, if any.
  public var haptic: Haptic?

  /// Creates a toast.
  ///
  /// - Parameters:
  ///   - message: The text shown.
  ///   - action: The button shown next to the message; `nil` for none.
  ///   - duration: How long the toast stays. Defaults to 4 seconds.
  ///   - haptic: Played when the toast appears. Defaults to none.
  ///   - id: The toast's identifier. Defaults to a new one.
  public init(
    _ message: String,
    action: ToastAction? = nil,
    duration: Duration = .seconds(4),
    haptic: Haptic? = nil,
    id: UUID = UUID()
  ) {
    self.id = id
    self.message = message
    self.action = action
    self.duration = max(duration, .zero)
    self.haptic = haptic
  }

  /// The message, and the action's title in brackets: `Saved [Undo]`.
  public var description: String {
    action.map { "\(message) [\($0.title)]" } ?? message
  }

  /// Whether both toasts have the same id, message, action title, duration and haptic.
  ///
  /// - Parameters:
  ///   - lhs: A toast.
  ///   - rhs: Another toast.
  /// - Returns: `true` when they show the same thing.
  public static func == (lhs: Toast, rhs: Toast) -> Bool {
    lhs.id == rhs.id && lhs.message == rhs.message && lhs.action?.title == rhs.action?.title
      && lhs.action?.isUndo == rhs.action?.isUndo && lhs.duration == rhs.duration && lhs.haptic == rhs.haptic
  }
}

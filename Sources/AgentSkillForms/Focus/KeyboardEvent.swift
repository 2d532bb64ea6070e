import AgentSkill
import Foundation

#if canImport(CoreGraphics)
  // On Apple platforms CGRect's Swift API (Equatable, isEmpty, intersection, …)
  // lives in the CoreGraphics overlay, which Foundation does not re-export.
  import CoreGraphics
#endif

/// The values of one keyboard notification, in a form that works on every
/// platform (and in tests).
///
/// On iOS and visionOS, create it from a UIKit keyboard notification with
/// `init(notification:)` (tvOS has no keyboard notifications, watchOS no
/// `UIResponder`); elsewhere — macOS, tests, previews — create it directly.
/// ``KeyboardState/init(event:in:)`` derives the keyboard's state.
///
/// ```swift
/// let event = KeyboardEvent(phase: .willShow, endFrame: CGRect(x: 0, y: 508, width: 390, height: 336))
/// KeyboardState(event: event, in: CGRect(x: 0, y: 0, width: 390, height: 844))   // .shown(height: 336)
/// ```
public struct KeyboardEvent: Equatable, Sendable {
  /// Which keyboard notification the event comes from.
  public enum Phase: String, Hashable, Sendable, Codable, CaseIterable {
    /// `keyboardWillShowNotification`.
    case willShow
    /// `keyboardDidShowNotification`.
    case didShow
    /// `keyboardWillChangeFrameNotification`.
    case willChangeFrame
    /// `keyboardDidChangeFrameNotification`.
    case didChangeFrame
    /// `keyboardWillHideNotification`.
    case willHide
    /// `keyboardDidHideNotification`.
    case didHide

    /// Whether the keyboard is (or is about to be) on screen after this notification.
    public var isShowing: Bool {
      switch self {
      case .willShow, .didShow, .willChangeFrame, .didChangeFrame: true
      case .willHide, .didHide: false
      }
    }
  }

  /// Which notification this is.
  public var phase: Phase
  /// The keyboard's frame when the animation ends, in screen coordinates;
  /// `nil` when the notification carried none.
  public var endFrame: CGRect?
  /// How long the keyboard animates, in seconds; `0` when not given.
  public var animationDuration: Double
  /// Whether the keyboard belongs to this app (`false` for another app's
  /// keyboard in Slide Over or Split View, which may still cover this window).
  public var isLocal: Bool

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - phase: Which notification this is.
  ///   - endFrame: The keyboard's final frame in screen coordinates. Defaults to none.
  ///   - animationDuration: The animation's duration in seconds. Defaults to `0`.
  ///   - isLocal: Whether the keyboard belongs to this app. Defaults to `true`.
  public init(phase: Phase, endFrame: CGRect? = nil, animationDuration: Double = 0, isLocal: Bool = true) {
    self.phase = phase
    self.endFrame = endFrame
    self.animationDuration = max(animationDuration, 0)
    self.isLocal = isLocal
  }
}

import AgentSkill
import Foundation

#if canImport(CoreGraphics)
  // On Apple platforms CGRect's Swift API (Equatable, isEmpty, intersection, …)
  // lives in the CoreGraphics overlay, which Foundation does not re-export.
  import CoreGraphics
#endif

/// Whether the software keyboard covers part of a view, and by how much,
/// derived from keyboard notifications.
///
/// Do not infer the keyboard from `FocusState`: in iPad Slide Over and
/// Split View the responder chain that `FocusState` follows is interrupted,
/// so focus stops changing while the keyboard still appears and disappears.
/// Keyboard notifications keep arriving; ``KeyboardState/init(event:in:)``
/// turns each one into this value, which skills take as input:
///
/// ```swift
/// // on each keyboard notification (on iOS, `KeyboardState(notification:in:)` reads it directly)
/// @MainActor func keyboardChanged(_ event: KeyboardEvent, viewFrameInScreen: CGRect, agent: SignUpAgent) {
///   agent.send(.keyboard(KeyboardState(event: event, in: viewFrameInScreen)))   // .shown(height: 336)
/// }
/// ```
public enum KeyboardState: Hashable, Sendable, Codable {
  /// The keyboard covers none of the view.
  case hidden
  /// The keyboard overlaps the view; `height` is how far it covers the
  /// view's bottom edge, in points — the inset to apply. A floating
  /// keyboard (iPad) that overlaps the view without reaching its bottom
  /// edge is shown with a height of `0`.
  case shown(height: Double)

  /// Whether the keyboard overlaps the view.
  public var isShown: Bool {
    if case .shown = self { return true }
    return false
  }

  /// How far the keyboard covers the view's bottom edge; `0` when hidden.
  public var height: Double {
    if case .shown(let height) = self { return height }
    return 0
  }

  /// The state a keyboard notification describes for a view.
  ///
  /// - Hide notifications give ``hidden``, whatever their frame.
  /// - Show and frame-change notifications give ``hidden`` when the end
  ///   frame is missing, empty or does not overlap `container` (a keyboard
  ///   moved off screen, as with a hardware keyboard, or another app's
  ///   keyboard outside this window); otherwise ``shown(height:)`` with the
  ///   covered part of the container's bottom edge (`0` for a floating
  ///   keyboard that does not reach it).
  ///
  /// - Parameters:
  ///   - event: The notification's values.
  ///   - container: The view's frame in the same coordinate space as the
  ///     event's end frame (the screen's, for UIKit notifications).
  public init(event: KeyboardEvent, in container: CGRect) {
    guard event.phase.isShowing, let frame = event.endFrame, !frame.isEmpty, !container.isEmpty else {
      self = .hidden
      return
    }
    let overlap = frame.intersection(container)
    guard !overlap.isNull, !overlap.isEmpty else {
      self = .hidden
      return
    }
    // Docked keyboards reach the container's bottom edge; floating ones do not.
    let reachesBottom = overlap.maxY >= container.maxY - 0.5
    self = .shown(height: reachesBottom ? Double(overlap.height) : 0)
  }
}

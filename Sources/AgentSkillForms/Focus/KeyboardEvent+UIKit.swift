#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import AgentSkill
  import UIKit

  extension KeyboardEvent {
    /// The keyboard notifications ``init(notification:)`` understands, for
    /// subscribing to all of them.
    ///
    /// ```swift
    /// for name in KeyboardEvent.notificationNames {
    ///   NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { note in
    ///     guard let event = KeyboardEvent(notification: note) else { return }
    ///     print(event.phase, event.endFrame ?? .zero)   // willShow (0.0, 478.0, 390.0, 366.0)
    ///   }
    /// }
    /// ```
    public static let notificationNames: [Notification.Name] = [
      UIResponder.keyboardWillShowNotification,
      UIResponder.keyboardDidShowNotification,
      UIResponder.keyboardWillChangeFrameNotification,
      UIResponder.keyboardDidChangeFrameNotification,
      UIResponder.keyboardWillHideNotification,
      UIResponder.keyboardDidHideNotification,
    ]

    /// Reads a UIKit keyboard notification: its name, end frame, animation
    /// duration and whether the keyboard is this app's.
    ///
    /// - Parameter notification: A keyboard notification.
    /// - Returns: `nil` for any other notification.
    public init?(notification: Notification) {
      let phase: Phase
      switch notification.name {
      case UIResponder.keyboardWillShowNotification: phase = .willShow
      case UIResponder.keyboardDidShowNotification: phase = .didShow
      case UIResponder.keyboardWillChangeFrameNotification: phase = .willChangeFrame
      case UIResponder.keyboardDidChangeFrameNotification: phase = .didChangeFrame
      case UIResponder.keyboardWillHideNotification: phase = .willHide
      case UIResponder.keyboardDidHideNotification: phase = .didHide
      default: return nil
      }
      let info = notification.userInfo ?? [:]
      let frame = (info[UserInfoKey.frameEnd] as? NSValue)?.cgRectValue
      let duration = (info[UserInfoKey.animationDuration] as? NSNumber)?.doubleValue ?? 0
      let isLocal = (info[UserInfoKey.isLocal] as? NSNumber)?.boolValue ?? true
      self.init(phase: phase, endFrame: frame, animationDuration: duration, isLocal: isLocal)
    }
  }

  /// The user-info keys of UIKit's keyboard notifications, by value.
  ///
  /// `UIResponder.keyboardFrameEndUserInfoKey` and its siblings are strings
  /// equal to their names. SDKs before iOS 18 declare them main-actor
  /// isolated, later ones `nonisolated`; reading the values keeps
  /// ``KeyboardEvent/init(notification:)`` callable from any context on both.
  private enum UserInfoKey {
    static let frameEnd = "UIKeyboardFrameEndUserInfoKey"
    static let animationDuration = "UIKeyboardAnimationDurationUserInfoKey"
    static let isLocal = "UIKeyboardIsLocalUserInfoKey"
  }

  extension KeyboardState {
    /// The state a UIKit keyboard notification describes for a view.
    ///
    /// ```swift
    /// @MainActor func keyboardChanged(_ note: Notification, in view: UIView, agent: SignUpAgent) {
    ///   let frame = view.convert(view.bounds, to: view.window?.screen.coordinateSpace ?? view)
    ///   if let state = KeyboardState(notification: note, in: frame) { agent.send(.keyboard(state)) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - notification: A keyboard notification.
    ///   - container: The view's frame in screen coordinates.
    /// - Returns: `nil` for a notification that is not about the keyboard.
    public init?(notification: Notification, in container: CGRect) {
      guard let event = KeyboardEvent(notification: notification) else { return nil }
      self.init(event: event, in: container)
    }
  }
#endif

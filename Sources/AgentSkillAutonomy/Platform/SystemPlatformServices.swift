import AgentSkill
import Foundation

#if canImport(UIKit) && (os(iOS) || os(tvOS) || os(visionOS))
  import UIKit
#elseif canImport(AppKit)
  import AppKit
#endif

/// The app's ``PlatformServices``: toasts in a ``ToastCenter`` that
/// `AgentSkillUI`'s `.toasts(from:)` presents, haptics through UIKit's
/// feedback generators on iPhone, URLs opened by `UIApplication` or
/// `NSWorkspace`.
///
/// ```swift
/// let services = SystemPlatformServices.shared   // present services.toasts with .toasts(from:)
/// services.show(Toast("Saved", haptic: .success))
/// if let help = URL(string: "https://www.swift.org") {
///   let opened = await services.open(help)
///   print(opened)
/// }
/// ```
///
/// On Linux haptics do nothing and ``open(_:)`` returns `false`.
@MainActor
public final class SystemPlatformServices: PlatformServices {
  /// The services `SkillDependencies.platform` uses unless set.
  public nonisolated static let shared = SystemPlatformServices()

  /// The toasts shown.
  public let toasts: ToastCenter

  /// Creates services with a toast center of their own.
  ///
  /// - Parameter clock: Times the toasts. Defaults to `ContinuousClock`.
  public nonisolated init(clock: any Clock<Duration> = ContinuousClock()) {
    self.toasts = ToastCenter(clock: clock)
  }

  /// Shows `toast` in ``toasts`` and plays its haptic.
  ///
  /// - Parameter toast: The toast to show.
  public func show(_ toast: Toast) {
    toasts.show(toast)
    if let haptic = toast.haptic { play(haptic) }
  }

  /// Plays `haptic` on iPhone; does nothing elsewhere.
  ///
  /// - Parameter haptic: The haptic to play.
  public func play(_ haptic: Haptic) {
    #if canImport(UIKit) && os(iOS)
      switch haptic {
      case .success: UINotificationFeedbackGenerator().notificationOccurred(.success)
      case .warning: UINotificationFeedbackGenerator().notificationOccurred(.warning)
      case .error: UINotificationFeedbackGenerator().notificationOccurred(.error)
      case .selection: UISelectionFeedbackGenerator().selectionChanged()
      case .light: UIImpactFeedbackGenerator(style: .light).impactOccurred()
      }
    #endif
  }

  /// Opens `url` with the app that handles it.
  ///
  /// - Parameter url: The URL to open.
  /// - Returns: Whether it was opened; `false` on platforms that cannot open URLs.
  public func open(_ url: URL) async -> Bool {
    #if canImport(UIKit) && (os(iOS) || os(tvOS) || os(visionOS))
      return await UIApplication.shared.open(url)
    #elseif canImport(AppKit)
      return NSWorkspace.shared.open(url)
    #else
      return false
    #endif
  }
}

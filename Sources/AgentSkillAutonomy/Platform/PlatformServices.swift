import AgentSkill
import Foundation

/// What only the app can do — show a toast, play a haptic, open a URL —
/// behind one main-actor protocol that skills reach through their
/// dependencies.
///
/// Domain skills stay pure logic; platform skills (``ShowToastSkill``,
/// ``PlayHapticSkill``, ``OpenURLSkill``) hop to the main actor and call the
/// services injected in `SkillDependencies.platform`. The app uses
/// ``SystemPlatformServices/shared`` (the default), tests inject
/// `RecordingPlatformServices` from AgentSkillTesting:
///
/// ```swift
/// struct ConfirmSkill: Skill {
///   func run(_ text: String, context: SkillContext) async throws {
///     await context.dependencies.platform.show(Toast(text, haptic: .success))
///   }
/// }
/// ```
@MainActor
public protocol PlatformServices: AnyObject, Sendable {
  /// Shows `toast` (after the toasts already shown).
  ///
  /// - Parameter toast: The toast to show.
  func show(_ toast: Toast)

  /// Plays `haptic`.
  ///
  /// - Parameter haptic: The haptic to play.
  func play(_ haptic: Haptic)

  /// Opens `url` with the app that handles it.
  ///
  /// - Parameter url: The URL to open.
  /// - Returns: Whether it was opened.
  func open(_ url: URL) async -> Bool
}

/// The key of `SkillDependencies.platform`: ``SystemPlatformServices/shared``
/// in the app; no test value, so a test that shows a toast without injecting
/// a double fails, naming this key.
public enum PlatformServicesKey: SkillDependencyKey {
  /// The system's services.
  public static let liveValue: any PlatformServices = SystemPlatformServices.shared
}

extension SkillDependencies {
  /// The toasts, haptics and URL opening skills use; ``SystemPlatformServices/shared``
  /// unless set.
  ///
  /// ```swift
  /// var environment = SkillEnvironment()
  /// environment.dependencies.platform = SystemPlatformServices(clock: ContinuousClock())
  /// ```
  public var platform: any PlatformServices {
    get { self[PlatformServicesKey.self] }
    set { self[PlatformServicesKey.self] = newValue }
  }
}

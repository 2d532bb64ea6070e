import AgentSkill

/// A haptic the app plays through ``PlatformServices/play(_:)``.
///
/// On iPhone they map to UIKit's feedback generators; elsewhere they do
/// nothing.
public enum Haptic: String, Sendable, Hashable, CaseIterable {
  /// A task succeeded.
  case success
  /// A task produced a warning.
  case warning
  /// A task failed.
  case error
  /// The selection changed.
  case selection
  /// A light physical impact, such as a toast appearing.
  case light
}

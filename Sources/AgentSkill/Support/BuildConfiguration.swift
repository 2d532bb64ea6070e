/// How this copy of AgentSkill was compiled.
///
/// SwiftPM and Xcode build a package in the app's configuration, so `DEBUG`
/// is set here exactly when the app is a debug build.
enum BuildConfiguration {
  /// Whether the module was compiled with `DEBUG` set.
  static var isDebug: Bool {
    #if DEBUG
      true
    #else
      false
    #endif
  }
}

/// The version of the AgentSkill libraries, compared with a manifest's
/// `minimumLibraryVersion`.
///
/// ```swift
/// if let required = manifest.minimumLibraryVersion, AgentSkillVersion.current < required {
///   // the manifest was written for a newer release
/// }
/// ```
public enum AgentSkillVersion {
  /// This release's version.
  public static let current = SemanticVersion(0, 1, 0)
}

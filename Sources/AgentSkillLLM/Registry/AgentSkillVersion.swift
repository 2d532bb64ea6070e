/// The version of the AgentSkill libraries, compared with a manifest's
/// `minimumLibraryVersion`.
///
/// ```swift
/// let manifest = try SkillManifest(parsing: #"{"version": 1, "minimumLibraryVersion": "0.2.0", "skills": []}"#)
/// if let required = manifest.minimumLibraryVersion, AgentSkillVersion.current < required {
///   print("The manifest needs AgentSkill \(required) or later.")  // written for a newer release
/// }
/// ```
public enum AgentSkillVersion {
  /// This release's version.
  public static let current = SemanticVersion(0, 1, 0)
}

/// Something in a manifest that was skipped or may not work as written; never fatal.
public enum ManifestWarning: Sendable, Hashable, CustomStringConvertible {
  /// An entry names a skill the catalog does not have; it was skipped.
  case unknownSkill(id: String, catalog: [String])
  /// The manifest needs a newer library; the entries this library understands were applied.
  case libraryTooOld(required: SemanticVersion, current: SemanticVersion)
  /// An entry needs a newer library; it was skipped.
  case skillNeedsNewerLibrary(id: String, required: SemanticVersion, current: SemanticVersion)
  /// The manifest uses a newer format; the members this library knows were read.
  case unsupportedFormatVersion(found: Int, supported: Int)
  /// A second entry for the same id; it was skipped.
  case duplicateEntry(id: String)
  /// The catalog's skill could not be registered (bad id or schema).
  case registrationFailed(id: String, error: SkillRegistryError)
  /// A member this library does not know (a typo such as `enable`?); it was ignored.
  case ignoredMember(path: String)

  /// What happened and what to do.
  public var description: String {
    switch self {
    case .unknownSkill(let id, let catalog):
      let list = catalog.isEmpty ? "none" : catalog.prefix(50).joined(separator: ", ")
      return "skipped \"\(id)\": no skill with that id is in the catalog (catalog: \(list)); "
        + "add it to the catalog or remove it from the manifest"
    case .libraryTooOld(let required, let current):
      return "the manifest needs AgentSkill \(required) or newer but this is \(current); "
        + "the entries this version understands were applied — update the library"
    case .skillNeedsNewerLibrary(let id, let required, let current):
      return "skipped \"\(id)\": it needs AgentSkill \(required) or newer but this is \(current)"
    case .unsupportedFormatVersion(let found, let supported):
      return "the manifest has format version \(found) but this library reads version \(supported); "
        + "the members it knows were read"
    case .duplicateEntry(let id):
      return "skipped a second entry for \"\(id)\"; keep one entry per skill"
    case .registrationFailed(let id, let error):
      return "could not register \"\(id)\": \(error.description)"
    case .ignoredMember(let path):
      return "ignored \(path): not a manifest member (check the spelling)"
    }
  }
}

import Foundation

/// The initial set of skills for an app, as JSON: which skills from code
/// are registered, whether each starts enabled, per-screen display strings,
/// and the library version the file needs.
///
/// ```json
/// {
///   "version": 1,
///   "minimumLibraryVersion": "0.1.0",
///   "skills": [
///     {"id": "weather", "enabled": true,
///      "screens": {"chat": {"displayName": "天气", "description": "查询城市天气"}}},
///     {"id": "ledger_query", "enabled": false}
///   ]
/// }
/// ```
///
/// Ids refer to skills available in code (the catalog passed to
/// ``SkillRegistry/apply(_:catalog:)``). Reading the initial list from a
/// configuration file instead of a static array lets permissions and
/// server-delivered skill packs change it.
///
/// Members: `version` (the format, 1), `minimumLibraryVersion` (optional),
/// `skills` (an array). Each entry: `id` (required), `enabled` (default
/// `true`), `minimumLibraryVersion` (optional; a newer one skips the entry),
/// `screens` (optional: screen name → `displayName` as a string or
/// `{"default": …, "en": …}`, and `description`). Unknown members are
/// reported as warnings.
public struct SkillManifest: Sendable, Hashable {
  /// The manifest format this library reads.
  public static let supportedFormatVersion = 1

  /// One skill's settings.
  public struct Entry: Sendable, Hashable {
    /// The skill's id in the catalog.
    public var id: String
    /// Whether the skill starts enabled.
    public var enabled: Bool
    /// The library version this entry needs; an older library skips it.
    public var minimumLibraryVersion: SemanticVersion?
    /// Display strings per screen.
    public var screens: [SkillScreen: SkillScreenOverride]

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - id: The skill's id in the catalog.
    ///   - enabled: Whether the skill starts enabled.
    ///   - minimumLibraryVersion: The library version this entry needs.
    ///   - screens: Display strings per screen.
    public init(
      id: String,
      enabled: Bool = true,
      minimumLibraryVersion: SemanticVersion? = nil,
      screens: [SkillScreen: SkillScreenOverride] = [:]
    ) {
      self.id = id
      self.enabled = enabled
      self.minimumLibraryVersion = minimumLibraryVersion
      self.screens = screens
    }
  }

  /// The format version (1).
  public var version: Int
  /// The library version the manifest needs.
  public var minimumLibraryVersion: SemanticVersion?
  /// The skills, in order.
  public var skills: [Entry]
  /// JSON Pointers of members this library does not know, found while parsing.
  public private(set) var ignoredMembers: [String] = []

  /// Creates a manifest.
  ///
  /// - Parameters:
  ///   - version: The format version.
  ///   - minimumLibraryVersion: The library version the manifest needs.
  ///   - skills: The skills, in order.
  public init(
    version: Int = SkillManifest.supportedFormatVersion,
    minimumLibraryVersion: SemanticVersion? = nil,
    skills: [Entry]
  ) {
    self.version = version
    self.minimumLibraryVersion = minimumLibraryVersion
    self.skills = skills
  }

  /// Parses a manifest.
  ///
  /// - Parameter text: The JSON text.
  /// - Throws: ``SkillManifestError/malformedJSON(_:line:column:)`` with the
  ///   position, or ``SkillManifestError/invalidValue(path:expected:found:)``.
  public init(parsing text: String) throws(SkillManifestError) {
    let json: JSONValue
    do {
      json = try JSONValue(parsing: text)
    } catch {
      throw SkillManifestError.malformed(error, in: text.utf8)
    }
    try self.init(json: json)
  }

  /// Parses a manifest from UTF-8 data, such as a bundled file.
  ///
  /// - Parameter data: The JSON bytes.
  /// - Throws: As the `String` variant: a malformed-JSON error with its position, or an invalid value.
  public init(parsing data: Data) throws(SkillManifestError) {
    let json: JSONValue
    do {
      json = try JSONValue(parsing: data)
    } catch {
      throw SkillManifestError.malformed(error, in: data)
    }
    try self.init(json: json)
  }

  /// Reads a manifest from parsed JSON.
  ///
  /// - Parameter json: The manifest object.
  /// - Throws: ``SkillManifestError/invalidValue(path:expected:found:)`` for a member of the wrong shape.
  public init(json: JSONValue) throws(SkillManifestError) {
    var reader = ManifestReader()
    self = try reader.manifest(json)
  }

  /// The manifest as JSON, in the format ``init(json:)`` reads.
  public var json: JSONValue {
    var root = JSONObject()
    root["version"] = .integer(version)
    if let minimumLibraryVersion { root["minimumLibraryVersion"] = .string(minimumLibraryVersion.description) }
    root["skills"] = .array(
      skills.map { entry in
        var object = JSONObject()
        object["id"] = .string(entry.id)
        object["enabled"] = .bool(entry.enabled)
        if let version = entry.minimumLibraryVersion { object["minimumLibraryVersion"] = .string(version.description) }
        if !entry.screens.isEmpty {
          var screens = JSONObject()
          for screen in entry.screens.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            guard let override = entry.screens[screen] else { continue }
            var members = JSONObject()
            if let name = override.displayName { members["displayName"] = ManifestReader.json(name) }
            if let description = override.description { members["description"] = .string(description) }
            screens[screen.rawValue] = .object(members)
          }
          object["screens"] = .object(screens)
        }
        return .object(object)
      }
    )
    return .object(root)
  }

  mutating func noteIgnored(_ members: [String]) {
    ignoredMembers = members
  }
}

/// Reads manifest JSON, remembering unknown members.
private struct ManifestReader {
  var ignored: [String] = []

  mutating func manifest(_ json: JSONValue) throws(SkillManifestError) -> SkillManifest {
    let root = try object(json, at: "", expected: "an object with \"version\" and \"skills\"")
    note(root, known: ["version", "minimumLibraryVersion", "skills"], at: "")
    guard let versionValue = root["version"] else {
      throw .invalidValue(path: "/version", expected: "the format version 1", found: "nothing")
    }
    guard let version = versionValue.intValue, version >= 1 else {
      throw .invalidValue(path: "/version", expected: "a positive integer such as 1", found: describe(versionValue))
    }
    let minimum = try semver(root["minimumLibraryVersion"], at: "/minimumLibraryVersion")
    guard let skillsValue = root["skills"] else {
      throw .invalidValue(path: "/skills", expected: "an array of skill entries", found: "nothing")
    }
    guard case .array(let elements) = skillsValue else {
      throw .invalidValue(path: "/skills", expected: "an array of skill entries", found: describe(skillsValue))
    }
    var entries: [SkillManifest.Entry] = []
    for (index, element) in elements.enumerated() {
      entries.append(try entry(element, at: "/skills/\(index)"))
    }
    var manifest = SkillManifest(version: version, minimumLibraryVersion: minimum, skills: entries)
    manifest.noteIgnored(ignored)
    return manifest
  }

  private mutating func entry(_ json: JSONValue, at path: String) throws(SkillManifestError) -> SkillManifest.Entry {
    let object = try object(json, at: path, expected: "a skill entry such as {\"id\": \"weather\"}")
    note(object, known: ["id", "enabled", "minimumLibraryVersion", "screens"], at: path)
    guard let idValue = object["id"] else {
      throw .invalidValue(path: path + "/id", expected: "the skill's id, a string", found: "nothing")
    }
    guard case .string(let id) = idValue else {
      throw .invalidValue(path: path + "/id", expected: "the skill's id, a string", found: describe(idValue))
    }
    var enabled = true
    if let value = object["enabled"] {
      guard case .bool(let flag) = value else {
        throw .invalidValue(path: path + "/enabled", expected: "true or false", found: describe(value))
      }
      enabled = flag
    }
    let minimum = try semver(object["minimumLibraryVersion"], at: path + "/minimumLibraryVersion")
    var screens: [SkillScreen: SkillScreenOverride] = [:]
    if let value = object["screens"] {
      let screenObject = try self.object(
        value, at: path + "/screens", expected: "an object of screen names, such as {\"chat\": {\"displayName\": …}}")
      for (name, screenValue) in screenObject {
        let screenPath = path + "/screens/" + ArgumentPath.escape(name)
        screens[SkillScreen(name)] = try override(screenValue, at: screenPath)
      }
    }
    return SkillManifest.Entry(id: id, enabled: enabled, minimumLibraryVersion: minimum, screens: screens)
  }

  private mutating func override(_ json: JSONValue, at path: String) throws(SkillManifestError) -> SkillScreenOverride {
    let object = try object(json, at: path, expected: "an object with \"displayName\" and/or \"description\"")
    note(object, known: ["displayName", "description"], at: path)
    var result = SkillScreenOverride()
    if let value = object["displayName"] {
      result.displayName = try localized(value, at: path + "/displayName")
    }
    if let value = object["description"] {
      guard case .string(let text) = value else {
        throw .invalidValue(path: path + "/description", expected: "a string", found: describe(value))
      }
      result.description = text
    }
    return result
  }

  private func localized(_ json: JSONValue, at path: String) throws(SkillManifestError) -> LocalizedText {
    let expected = "a string, or an object such as {\"default\": \"天气\", \"en\": \"Weather\"}"
    switch json {
    case .string(let text):
      return LocalizedText(text)
    case .object(let object):
      guard case .string(let defaultValue)? = object["default"] else {
        throw .invalidValue(
          path: path + "/default", expected: "the default text, a string", found: describe(object["default"]))
      }
      var translations: [String: String] = [:]
      for (tag, value) in object where tag != "default" {
        guard case .string(let text) = value else {
          throw .invalidValue(path: path + "/" + ArgumentPath.escape(tag), expected: "a string", found: describe(value))
        }
        translations[tag] = text
      }
      return LocalizedText(defaultValue, translations: translations)
    default:
      throw .invalidValue(path: path, expected: expected, found: describe(json))
    }
  }

  private func semver(_ json: JSONValue?, at path: String) throws(SkillManifestError) -> SemanticVersion? {
    guard let json else { return nil }
    guard case .string(let text) = json, let version = SemanticVersion(text) else {
      throw .invalidValue(path: path, expected: "a semantic version string such as \"0.1.0\"", found: describe(json))
    }
    return version
  }

  private func object(_ json: JSONValue, at path: String, expected: String) throws(SkillManifestError) -> JSONObject {
    guard case .object(let object) = json else {
      throw .invalidValue(path: path, expected: expected, found: describe(json))
    }
    return object
  }

  private mutating func note(_ object: JSONObject, known: Set<String>, at path: String) {
    for key in object.keys where !known.contains(key) { ignored.append(path + "/" + ArgumentPath.escape(key)) }
  }

  private func describe(_ value: JSONValue?) -> String {
    value.map(ToolText.describe) ?? "nothing"
  }

  static func json(_ text: LocalizedText) -> JSONValue {
    guard !text.translations.isEmpty else { return .string(text.defaultValue) }
    var object = JSONObject()
    object["default"] = .string(text.defaultValue)
    for tag in text.translations.keys.sorted() { object[tag] = text.translations[tag].map(JSONValue.string) }
    return .object(object)
  }
}

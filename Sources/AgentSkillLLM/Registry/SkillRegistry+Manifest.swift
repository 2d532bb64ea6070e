import Foundation

extension SkillRegistry {
  /// Registers and configures skills from `catalog` as `manifest` says.
  ///
  /// Entries are applied in order: a known id is registered with its
  /// enabled flag and screen overrides (or, when already registered, has
  /// them replaced); an unknown id, a duplicate entry or an entry needing a
  /// newer library is skipped with a warning. A manifest needing a newer
  /// library or a newer format is still applied as far as it is understood,
  /// with a warning. Skills registered but not in the manifest are left alone.
  ///
  /// - Parameters:
  ///   - manifest: The manifest.
  ///   - catalog: The skills available in code; the first of two with one id wins.
  /// - Returns: What was registered, updated and skipped.
  @discardableResult
  public func apply(_ manifest: SkillManifest, catalog: [any ToolSkill]) -> ManifestReport {
    var report = ManifestReport()
    let current = AgentSkillVersion.current
    if manifest.version > SkillManifest.supportedFormatVersion {
      report.warnings.append(
        .unsupportedFormatVersion(found: manifest.version, supported: SkillManifest.supportedFormatVersion))
    }
    if let required = manifest.minimumLibraryVersion, current < required {
      report.warnings.append(.libraryTooOld(required: required, current: current))
    }
    report.warnings += manifest.ignoredMembers.map(ManifestWarning.ignoredMember(path:))

    var available: [String: AnyToolSkill] = [:]
    var catalogIDs: [String] = []
    for skill in catalog {
      let erased = AnyToolSkill(skill)
      if available[erased.id] == nil {
        available[erased.id] = erased
        catalogIDs.append(erased.id)
      }
    }

    var seen: Set<String> = []
    for entry in manifest.skills {
      guard seen.insert(entry.id).inserted else {
        report.warnings.append(.duplicateEntry(id: entry.id))
        continue
      }
      if let required = entry.minimumLibraryVersion, current < required {
        report.warnings.append(.skillNeedsNewerLibrary(id: entry.id, required: required, current: current))
        continue
      }
      guard let skill = available[entry.id] else {
        report.warnings.append(.unknownSkill(id: entry.id, catalog: catalogIDs))
        continue
      }
      if registeredSkill(withID: entry.id) != nil {
        reconfigure(entry.id, enabled: entry.enabled, overrides: entry.screens)
        report.updated.append(entry.id)
      } else {
        do {
          try register(skill, enabled: entry.enabled, overrides: entry.screens)
          report.registered.append(entry.id)
        } catch {
          report.warnings.append(.registrationFailed(id: entry.id, error: error))
          continue
        }
      }
      if !entry.enabled { report.disabled.append(entry.id) }
    }
    return report
  }

  /// Parses `text` as a manifest and applies it.
  ///
  /// ```swift
  /// let report = try registry.loadManifest(
  ///   #"{"version": 1, "minimumLibraryVersion": "0.1.0", "skills": [{"id": "weather", "enabled": true}]}"#,
  ///   catalog: [WeatherSkill(), LedgerQuerySkill()]
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - text: The manifest's JSON text.
  ///   - catalog: The skills available in code.
  /// - Returns: What was registered, updated and skipped.
  /// - Throws: ``SkillManifestError`` when the text is not a manifest; nothing is registered then.
  @discardableResult
  public func loadManifest(_ text: String, catalog: [any ToolSkill]) throws(SkillManifestError) -> ManifestReport {
    apply(try SkillManifest(parsing: text), catalog: catalog)
  }

  /// Parses `data` as a manifest (for example a bundled `skills.json`) and applies it.
  ///
  /// - Parameters:
  ///   - data: The manifest's UTF-8 bytes.
  ///   - catalog: The skills available in code.
  /// - Returns: What was registered, updated and skipped.
  /// - Throws: ``SkillManifestError`` when the data is not a manifest; nothing is registered then.
  @discardableResult
  public func loadManifest(_ data: Data, catalog: [any ToolSkill]) throws(SkillManifestError) -> ManifestReport {
    apply(try SkillManifest(parsing: data), catalog: catalog)
  }
}

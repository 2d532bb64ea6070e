import AgentSkill
import AgentSkillLLM
import Foundation
import Testing

@MainActor
@Suite("Skill manifest", .timeLimit(.minutes(5)))
struct SkillManifestTests {
  let catalog: [any ToolSkill] = [ToolFixtures.Weather(), ToolFixtures.Ledger(), ToolFixtures.keywordSkill("notes")]

  @Test("a valid manifest registers the listed skills with their flags and overrides")
  func valid() throws {
    let registry = SkillRegistry()
    let report = try registry.loadManifest(
      """
      {"version": 1, "minimumLibraryVersion": "0.1.0",
       "skills": [
         {"id": "weather", "enabled": true,
          "screens": {"chat": {"displayName": "天气", "description": "查询城市天气"}}},
         {"id": "ledger_query", "enabled": false}
       ]}
      """,
      catalog: catalog
    )
    #expect(report.registered == ["weather", "ledger_query"])
    #expect(report.disabled == ["ledger_query"])
    #expect(report.isClean)
    #expect(registry.skills.map(\.id) == ["weather", "ledger_query"])
    #expect(registry.registeredSkill(withID: "ledger_query")?.isEnabled == false)
    #expect(registry.displayName(for: "weather", on: .chat) == "天气")
    #expect(registry.allToolDefinitions(screen: .chat).first?.description == "查询城市天气")
    #expect(registry.skill(withID: "notes") == nil)
  }

  @Test("enabled defaults to true and display names may be localized objects")
  func defaultsAndLocalizedNames() throws {
    let registry = SkillRegistry()
    let report = try registry.loadManifest(
      #"{"version": 1, "skills": [{"id": "notes", "screens": {"chat": {"displayName": {"default": "笔记", "en": "Notes"}}}}]}"#,
      catalog: catalog
    )
    #expect(report.isClean)
    #expect(registry.registeredSkill(withID: "notes")?.isEnabled == true)
    #expect(registry.displayName(for: "notes", on: .chat, locale: Locale(identifier: "en_US")) == "Notes")
    #expect(registry.displayName(for: "notes", on: .chat) == "笔记")
  }

  @Test("unknown ids are skipped with a warning naming the catalog")
  func unknownID() throws {
    let registry = SkillRegistry()
    let report = try registry.loadManifest(
      #"{"version": 1, "skills": [{"id": "stocks"}, {"id": "weather"}]}"#, catalog: catalog)
    #expect(report.registered == ["weather"])
    #expect(report.warnings == [.unknownSkill(id: "stocks", catalog: ["weather", "ledger_query", "notes"])])
    #expect(report.warnings.first?.description.contains("no skill with that id is in the catalog") == true)
  }

  @Test("a manifest needing a newer library is applied as far as understood, with a warning")
  func libraryTooOld() throws {
    let registry = SkillRegistry()
    let report = try registry.loadManifest(
      #"{"version": 1, "minimumLibraryVersion": "99.0.0", "skills": [{"id": "weather"}]}"#, catalog: catalog)
    #expect(
      report.warnings == [.libraryTooOld(required: SemanticVersion(99, 0, 0), current: AgentSkillVersion.current)])
    #expect(report.registered == ["weather"])
  }

  @Test("an entry needing a newer library is skipped; an older requirement is fine")
  func entryVersion() throws {
    let registry = SkillRegistry()
    let report = try registry.loadManifest(
      """
      {"version": 1, "skills": [
        {"id": "weather", "minimumLibraryVersion": "0.0.1"},
        {"id": "notes", "minimumLibraryVersion": "2.0.0-beta.1"}
      ]}
      """,
      catalog: catalog
    )
    #expect(report.registered == ["weather"])
    #expect(
      report.warnings == [
        .skillNeedsNewerLibrary(
          id: "notes", required: SemanticVersion(2, 0, 0, prerelease: ["beta", "1"]), current: AgentSkillVersion.current
        )
      ])
  }

  @Test("a newer format, duplicate entries and unknown members are warnings")
  func otherWarnings() throws {
    let registry = SkillRegistry()
    let report = try registry.loadManifest(
      #"{"version": 2, "extra": 1, "skills": [{"id": "notes", "enable": false}, {"id": "notes"}]}"#, catalog: catalog)
    #expect(
      report.warnings == [
        .unsupportedFormatVersion(found: 2, supported: 1), .ignoredMember(path: "/extra"),
        .ignoredMember(path: "/skills/0/enable"), .duplicateEntry(id: "notes"),
      ])
    #expect(report.registered == ["notes"])
    #expect(report.description.contains("warning: ignored /skills/0/enable"))
  }

  @Test("a catalog skill that cannot be registered is a warning")
  func registrationFailure() throws {
    let registry = SkillRegistry()
    let bad = ToolSkillOf<EmptyToolInput>(id: "bad", description: "d", inputSchema: .string()) { _, _ in .text("") }
    let report = try registry.loadManifest(#"{"version": 1, "skills": [{"id": "bad"}]}"#, catalog: [bad])
    #expect(report.warnings == [.registrationFailed(id: "bad", error: .parametersNotAnObject(skillID: "bad"))])
    #expect(registry.skills.isEmpty)
  }

  @Test("applying again updates flags and overrides of registered skills and leaves others alone")
  func reapply() throws {
    let registry = SkillRegistry()
    try registry.register(ToolFixtures.keywordSkill("notes"))
    try registry.loadManifest(
      #"{"version": 1, "skills": [{"id": "weather", "screens": {"chat": {"displayName": "天气"}}}]}"#, catalog: catalog)
    let report = try registry.loadManifest(
      #"{"version": 1, "skills": [{"id": "weather", "enabled": false}]}"#, catalog: catalog)
    #expect(report.updated == ["weather"])
    #expect(report.registered.isEmpty)
    #expect(report.disabled == ["weather"])
    #expect(registry.registeredSkill(withID: "weather")?.isEnabled == false)
    #expect(registry.displayName(for: "weather", on: .chat) == "天气查询")
    #expect(registry.skills.map(\.id) == ["notes", "weather"])
  }

  @Test("malformed JSON is a typed error with line, column and byte offset; nothing is registered")
  func malformed() {
    let registry = SkillRegistry()
    let text = "{\"version\": 1,\n  \"skills\": [{\"id\": \"weather\" \"enabled\": true}]}"
    let error = #expect(throws: SkillManifestError.self) { try registry.loadManifest(text, catalog: catalog) }
    guard case .malformedJSON(let parseError, let line, let column)? = error else {
      Issue.record("expected malformedJSON, got \(String(describing: error))")
      return
    }
    #expect(line == 2)
    #expect(column == 31)
    #expect(parseError.offset == 45)
    #expect(error?.description.contains("line 2, column 31 (byte 45)") == true)
    #expect(registry.skills.isEmpty)
  }

  @Test("columns count characters, not bytes")
  func columnsInCharacters() {
    let error = #expect(throws: SkillManifestError.self) {
      try SkillManifest(parsing: "{\"天气\": 1,,}")
    }
    guard case .malformedJSON(_, let line, let column)? = error else {
      Issue.record("expected malformedJSON, got \(String(describing: error))")
      return
    }
    #expect(line == 1)
    #expect(column == 10)
  }

  @Test(
    "values of the wrong shape are typed errors naming the member",
    arguments: [
      (#"[]"#, ""),
      (#"{"skills": []}"#, "/version"),
      (#"{"version": "1", "skills": []}"#, "/version"),
      (#"{"version": 0, "skills": []}"#, "/version"),
      (#"{"version": 1}"#, "/skills"),
      (#"{"version": 1, "skills": {}}"#, "/skills"),
      (#"{"version": 1, "minimumLibraryVersion": "latest", "skills": []}"#, "/minimumLibraryVersion"),
      (#"{"version": 1, "skills": ["weather"]}"#, "/skills/0"),
      (#"{"version": 1, "skills": [{"enabled": true}]}"#, "/skills/0/id"),
      (#"{"version": 1, "skills": [{"id": 7}]}"#, "/skills/0/id"),
      (#"{"version": 1, "skills": [{"id": "a", "enabled": "yes"}]}"#, "/skills/0/enabled"),
      (#"{"version": 1, "skills": [{"id": "a", "screens": []}]}"#, "/skills/0/screens"),
      (
        #"{"version": 1, "skills": [{"id": "a", "screens": {"chat": {"displayName": 3}}}]}"#,
        "/skills/0/screens/chat/displayName"
      ),
      (
        #"{"version": 1, "skills": [{"id": "a", "screens": {"chat": {"displayName": {"en": "x"}}}}]}"#,
        "/skills/0/screens/chat/displayName/default"
      ),
      (
        #"{"version": 1, "skills": [{"id": "a", "screens": {"chat": {"description": false}}}]}"#,
        "/skills/0/screens/chat/description"
      ),
    ])
  func invalidValues(_ text: String, _ path: String) {
    let error = #expect(throws: SkillManifestError.self) { try SkillManifest(parsing: text) }
    guard case .invalidValue(let reported, _, _)? = error else {
      Issue.record("expected invalidValue, got \(String(describing: error))")
      return
    }
    #expect(reported == path)
    #expect(error?.description.contains("A manifest looks like") == true)
  }

  @Test("a manifest round-trips through its JSON and parses from data")
  func roundTrip() throws {
    let manifest = SkillManifest(
      minimumLibraryVersion: SemanticVersion(0, 1, 0),
      skills: [
        .init(
          id: "weather",
          screens: [.chat: SkillScreenOverride(displayName: LocalizedText("天气", translations: ["en": "Weather"]))]),
        .init(id: "notes", enabled: false, minimumLibraryVersion: SemanticVersion(0, 0, 1)),
      ]
    )
    let text = manifest.json.rendered()
    #expect(try SkillManifest(parsing: text) == manifest)
    #expect(try SkillManifest(parsing: Data(text.utf8)) == manifest)
  }
}

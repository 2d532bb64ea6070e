import AgentSkill
import AgentSkillLLM
import Testing

@MainActor
@Suite("SkillRegistry", .timeLimit(.minutes(5)))
struct SkillRegistryTests {
  @Test("registering keeps order; lookup finds skills by id")
  func register() throws {
    let registry = SkillRegistry()
    try registry.register(ToolFixtures.Weather())
    try registry.register(ToolFixtures.keywordSkill("notes"))
    #expect(registry.skills.map(\.id) == ["weather", "notes"])
    #expect(registry.skill(withID: "weather")?.displayName.defaultValue == "天气查询")
    #expect(registry.skill(withID: "missing") == nil)
    #expect(registry.registeredSkill(withID: "notes")?.isEnabled == true)
  }

  @Test(
    "ids outside ^[a-zA-Z0-9_-]{1,64}$ are rejected with the allowed characters",
    arguments: ["", "天气", "get weather", "get.weather", "a/b", String(repeating: "x", count: 65)])
  func invalidID(_ id: String) throws {
    let registry = SkillRegistry()
    #expect(throws: SkillRegistryError.invalidID(id)) { try registry.register(ToolFixtures.keywordSkill(id)) }
    #expect(registry.skills.isEmpty)
    let message = SkillRegistryError.invalidID(id).description
    #expect(message.contains("1 to 64 characters from a-z, A-Z, 0-9, '_' and '-'"))
  }

  @Test("valid ids include digits, dashes, underscores and 64 characters")
  func validIDs() throws {
    let registry = SkillRegistry()
    for id in ["a", "get_weather", "add-reminder", "Tool2", String(repeating: "x", count: 64)] {
      try registry.register(ToolFixtures.keywordSkill(id))
    }
    #expect(registry.skills.count == 5)
  }

  @Test("a duplicate id is a typed error and leaves the registry unchanged")
  func duplicate() throws {
    let registry = SkillRegistry()
    try registry.register(ToolFixtures.Weather())
    #expect(throws: SkillRegistryError.duplicateID("weather")) {
      try registry.register(ToolFixtures.keywordSkill("weather"))
    }
    #expect(registry.skills.count == 1)
    #expect(registry.skill(withID: "weather")?.base(as: ToolFixtures.Weather.self) != nil)
  }

  @Test("registering several skills is all or nothing")
  func registerContentsOf() throws {
    let registry = SkillRegistry()
    try registry.register(contentsOf: [ToolFixtures.Weather(), ToolFixtures.Ledger()])
    #expect(registry.skills.map(\.id) == ["weather", "ledger_query"])
    #expect(throws: SkillRegistryError.duplicateID("a")) {
      try registry.register(contentsOf: [ToolFixtures.keywordSkill("a"), ToolFixtures.keywordSkill("a")])
    }
    #expect(throws: SkillRegistryError.invalidID("bad id")) {
      try registry.register(contentsOf: [ToolFixtures.keywordSkill("ok"), ToolFixtures.keywordSkill("bad id")])
    }
    #expect(registry.skills.count == 2)
  }

  @Test("schemas must be valid and describe an object")
  func schemas() throws {
    let registry = SkillRegistry()
    let badPattern = ToolSkillOf<EmptyToolInput>(
      id: "bad", description: "d", inputSchema: .object(properties: ["x": .string(pattern: "([a-z")])
    ) { _, _ in .text("") }
    let thrown = #expect(throws: SkillRegistryError.self) { try registry.register(badPattern) }
    if case .invalidSchema(let id, _)? = thrown {
      #expect(id == "bad")
    } else {
      Issue.record("expected invalidSchema, got \(String(describing: thrown))")
    }
    let notObject = ToolSkillOf<EmptyToolInput>(id: "str", description: "d", inputSchema: .string()) { _, _ in .text("")
    }
    #expect(throws: SkillRegistryError.parametersNotAnObject(skillID: "str")) { try registry.register(notObject) }
    let anything = ToolSkillOf<EmptyToolInput>(id: "any", description: "d", inputSchema: true) { _, _ in .text("") }
    #expect(throws: SkillRegistryError.parametersNotAnObject(skillID: "any")) { try registry.register(anything) }
    #expect(registry.skills.isEmpty)
  }

  @Test("unregistering removes a skill and keeps the rest findable; an unknown id throws")
  func unregister() throws {
    let registry = SkillRegistry()
    try registry.register(contentsOf: [
      ToolFixtures.keywordSkill("a"), ToolFixtures.keywordSkill("b"), ToolFixtures.keywordSkill("c"),
    ])
    let removed = try registry.unregister("a")
    #expect(removed.id == "a")
    #expect(registry.skills.map(\.id) == ["b", "c"])
    #expect(registry.skill(withID: "c")?.id == "c")
    #expect(throws: SkillRegistryError.unknownSkill(id: "a", registered: ["b", "c"])) { try registry.unregister("a") }
    try registry.register(ToolFixtures.keywordSkill("a"))
    #expect(registry.skills.map(\.id) == ["b", "c", "a"])
  }

  @Test("disabled skills are neither matched, offered nor callable")
  func disable() async throws {
    let registry = SkillRegistry()
    try registry.register(ToolFixtures.Weather())
    try registry.setEnabled(false, for: "weather")
    #expect(!registry.isAvailable("weather"))
    #expect(await registry.match("北京天气").isEmpty)
    #expect(registry.allToolDefinitions().isEmpty)
    #expect(throws: SkillRegistryError.disabled(skillID: "weather")) { try registry.resolve(toolName: "weather") }
    try registry.setEnabled(true, for: "weather")
    #expect(await registry.match("北京天气").map(\.id) == ["weather"])
    #expect(throws: SkillRegistryError.unknownSkill(id: "nope", registered: ["weather"])) {
      try registry.setEnabled(false, for: "nope")
    }
  }

  @Test("skills needing an ungranted permission are hidden until it is granted")
  func permissions() async throws {
    let registry = SkillRegistry()
    try registry.register(contentsOf: [ToolFixtures.Weather(), ToolFixtures.Ledger(), ToolFixtures.Reminder()])
    #expect(registry.availableSkills.map(\.id) == ["weather"])
    #expect(registry.allToolDefinitions().map(\.name) == ["weather"])
    #expect(await registry.match(UserRequest("上周的账单", tags: ["ledger"])).isEmpty)
    #expect(throws: SkillRegistryError.permissionDenied(skillID: "ledger_query", permission: "ledger")) {
      try registry.resolve(toolName: "ledger_query")
    }
    registry.grantedPermissions.insert("ledger")
    #expect(registry.availableSkills.map(\.id) == ["weather", "ledger_query"])
    #expect(await registry.match(UserRequest("上周的账单", tags: ["ledger"])).map(\.id) == ["ledger_query"])
    #expect(try registry.resolve(toolName: "ledger_query").id == "ledger_query")
    #expect(registry.skill(withID: "reminder") != nil)
  }

  @Test("a permission error tells the model which permission is missing")
  func permissionMessage() {
    let message = SkillRegistryError.permissionDenied(skillID: "ledger_query", permission: "ledger").description
    #expect(message.contains(#"needs the "ledger" permission"#))
    #expect(message.contains("Answer without it"))
  }

  @Test("model-provided names resolve leniently among available and offered tools")
  func resolve() throws {
    let registry = SkillRegistry()
    try registry.register(contentsOf: [ToolFixtures.Weather(), ToolFixtures.keywordSkill("notes")])
    #expect(try registry.resolve(toolName: "functions.weather").id == "weather")
    #expect(try registry.resolve(toolName: "Weather").id == "weather")
    #expect(throws: SkillRegistryError.unknownTool(.unknownTool(name: "notes", available: ["weather"]))) {
      try registry.resolve(toolName: "notes", offered: ["weather"])
    }
    let unknown = #expect(throws: SkillRegistryError.self) { try registry.resolve(toolName: "wether") }
    #expect(unknown?.description.contains(#"Did you mean "weather"?"#) == true)
    #expect(unknown?.description.contains("weather, notes") == true)
  }

  @Test("unavailable tools are not listed to the model")
  func unknownListsOnlyAvailable() throws {
    let registry = SkillRegistry()
    try registry.register(contentsOf: [ToolFixtures.Weather(), ToolFixtures.Ledger()])
    let error = #expect(throws: SkillRegistryError.self) { try registry.resolve(toolName: "play_music") }
    #expect(error == .unknownTool(.unknownTool(name: "play_music", available: ["weather"])))
  }

  @Test("execute resolves, validates and runs a model's call")
  func execute() async throws {
    let registry = SkillRegistry()
    try registry.register(ToolFixtures.Weather())
    let output = try await registry.execute(ToolCall(id: "c1", name: "weather", arguments: ["city": "上海"]))
    #expect(output.summary.hasPrefix("上海今天"))
    let invalid = await ToolFixtures.thrown(ToolSkillError.self) {
      try await registry.execute(ToolCall(id: "c2", name: "weather", arguments: ["city": "纽约"]))
    }
    #expect(invalid?.violations.first?.path == "/city")
    let unknown = await ToolFixtures.thrown(SkillRegistryError.self) {
      try await registry.execute(ToolCall(id: "c3", name: "stocks"))
    }
    #expect(unknown == .unknownTool(.unknownTool(name: "stocks", available: ["weather"])))
  }

  @Test("a skill needing confirmation runs through execute only when confirmed")
  func confirmation() async throws {
    let registry = SkillRegistry(grantedPermissions: [.reminders])
    try registry.register(ToolFixtures.Reminder())
    let call = ToolCall(id: "c1", name: "reminder", arguments: ["title": "周会", "at": "2025-06-03T15:00:00+08:00"])
    let error = await ToolFixtures.thrown(SkillRegistryError.self) { try await registry.execute(call) }
    #expect(error == .confirmationRequired(skillID: "reminder"))
    #expect(try await registry.execute(call, confirmed: true).summary.contains("周会"))
    let bad = await ToolFixtures.thrown(ToolSkillError.self) {
      try await registry.execute(ToolCall(id: "c2", name: "reminder", arguments: ["title": "x"]))
    }
    #expect(bad?.violations.map(\.path) == ["/at"])
  }

  @Test("screen overrides change display names and the descriptions sent to the model")
  func overrides() throws {
    let registry = SkillRegistry()
    try registry.register(
      ToolFixtures.Weather(),
      overrides: [.chat: SkillScreenOverride(displayName: "天气", description: "查询城市天气")]
    )
    #expect(registry.displayName(for: "weather") == "天气查询")
    #expect(registry.displayName(for: "weather", on: .chat) == "天气")
    #expect(registry.displayName(for: "weather", on: "ledger", locale: .init(identifier: "en_US")) == "Weather")
    #expect(registry.allToolDefinitions(screen: .chat).first?.description == "查询城市天气")
    #expect(registry.allToolDefinitions().first?.description == ToolFixtures.Weather().description)
    try registry.setOverride(nil, for: "weather", on: .chat)
    #expect(registry.displayName(for: "weather", on: .chat) == "天气查询")
    #expect(registry.displayName(for: "missing") == nil)
  }
}

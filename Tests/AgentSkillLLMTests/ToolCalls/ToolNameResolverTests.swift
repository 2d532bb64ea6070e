import AgentSkillLLM
import Testing

@Suite("ToolNameResolver", .timeLimit(.minutes(5)))
struct ToolNameResolverTests {
  let offered = ["get_weather", "search_bills", "add-reminder"]

  @Test(
    "decorated names resolve to the offered tool",
    arguments: [
      ("get_weather", "get_weather"),
      ("functions.get_weather", "get_weather"),
      ("tools/get_weather", "get_weather"),
      ("default_api:get_weather", "get_weather"),
      ("functions.get_weather:0", "get_weather"),
      ("get_weather<|channel|>commentary", "get_weather"),
      (" \"get_weather\" ", "get_weather"),
      ("`search_bills`", "search_bills"),
      ("get_weather()", "get_weather"),
      ("GET_WEATHER", "get_weather"),
      ("Functions.Search_Bills", "search_bills"),
      ("add_reminder", "add-reminder"),
    ])
  func resolves(_ name: String, _ expected: String) throws {
    #expect(try ToolNameResolver.resolve(name, among: offered) == expected)
  }

  @Test("an unknown name lists the available tools and suggests the closest")
  func unknown() {
    let error = toolCallError { try ToolNameResolver.resolve("get_wether", among: offered) }
    #expect(error == .unknownTool(name: "get_wether", available: offered))
    let message = error?.description ?? ""
    #expect(message.contains("get_weather, search_bills, add-reminder"))
    #expect(message.contains(#"Did you mean "get_weather"?"#))
  }

  @Test("an unknown name far from every tool gets no suggestion")
  func unknownNoSuggestion() {
    let error = toolCallError { try ToolNameResolver.resolve("play_music", among: offered) }
    #expect(error?.description.contains("Did you mean") == false)
  }

  @Test("no tools offered: the message says to answer without tools")
  func noTools() {
    let error = toolCallError { try ToolNameResolver.resolve("get_weather", among: []) }
    #expect(error?.description.contains("no tools are available") == true)
  }

  @Test("exact match wins; a loose match of several tools is ambiguous")
  func ambiguity() throws {
    #expect(try ToolNameResolver.resolve("Get_Weather", among: ["get_weather", "Get_Weather"]) == "Get_Weather")
    let error = toolCallError { try ToolNameResolver.resolve("GET_WEATHER", among: ["get_weather", "Get_Weather"]) }
    #expect(error == .ambiguousTool(name: "GET_WEATHER", candidates: ["get_weather", "Get_Weather"]))
  }

  @Test("a huge or secret-bearing name is cut and redacted in the error")
  func reportedName() {
    let huge = String(repeating: "x", count: 10_000)
    guard case .unknownTool(let name, _)? = toolCallError({ try ToolNameResolver.resolve(huge, among: offered) })
    else {
      Issue.record("expected unknownTool")
      return
    }
    #expect(name.count == 101)
    let secret = toolCallError { try ToolNameResolver.resolve("sk-proj-abcdefghijklmnop1234", among: offered) }
    #expect(secret?.description.contains("abcdefghijklmnop1234") == false)
  }
}

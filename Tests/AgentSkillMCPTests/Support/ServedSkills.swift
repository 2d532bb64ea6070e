import AgentSkill
import AgentSkillLLM

/// Arguments of the echo skill.
struct EchoInput: Decodable, Sendable {
  let text: String
}

/// Arguments of the weather skill.
struct CityInput: Decodable, Sendable {
  let city: String
}

/// Arguments of the reminder skill.
struct ReminderInput: Decodable, Sendable {
  let title: String
}

/// A registry with an echo, a weather skill with a closed city list, and a reminder that needs confirmation.
@MainActor
func makeServedRegistry() throws -> SkillRegistry {
  let registry = SkillRegistry()
  try registry.register(
    ToolSkillOf<EchoInput>(
      id: "echo", description: "Repeats the given text",
      inputSchema: .object(properties: ["text": .string()], required: ["text"])
    ) { input, _ in .text(input.text) })
  try registry.register(
    ToolSkillOf<CityInput>(
      id: "weather", displayName: LocalizedText("天气查询", translations: ["en": "Weather"]),
      description: "Current weather for a city",
      inputSchema: .object(properties: ["city": .string(description: "City name")], required: ["city"]),
      validators: [.allowedValues(["北京", "上海"], at: "/city")]
    ) { input, _ in
      ToolOutput(summary: "\(input.city)今天多云 22°C", display: .keyValues(["城市": input.city, "天气": "多云"]))
    })
  try registry.register(
    ToolSkillOf<ReminderInput>(
      id: "reminder_create", description: "Creates a reminder",
      inputSchema: .object(properties: ["title": .string()], required: ["title"]),
      requiresConfirmation: true
    ) { input, _ in .text("已创建提醒：\(input.title)") })
  try registry.register(
    ToolSkillOf<EchoInput>(
      id: "hidden", description: "Disabled, never listed",
      inputSchema: .object(properties: ["text": .string()], required: ["text"])
    ) { input, _ in .text(input.text) },
    enabled: false)
  return registry
}

import AgentSkill
import Foundation

extension Skill where Input: Decodable {
  /// This skill as a tool a language model can call: the same value that runs
  /// in a ``/AgentSkill/SkillRunner`` and handles an agent's intents
  /// (``/AgentSkill/Skill/handling(priority:policy:input:started:progress:output:failure:)``),
  /// with the metadata a model needs. The arguments are decoded into `Input`
  /// (its schema derived from the type), and `output` says what the model
  /// and the user are shown.
  ///
  /// ```swift
  /// struct ForecastQuery: Decodable, Sendable { let city: String }
  ///
  /// struct Forecast: Sendable {
  ///   let city: String
  ///   let high: Int
  /// }
  ///
  /// struct FetchForecast: Skill {
  ///   func run(_ query: ForecastQuery, context: SkillContext) async throws -> Forecast {
  ///     Forecast(city: query.city, high: 24)  // a real skill asks its service
  ///   }
  /// }
  ///
  /// @MainActor func register(in registry: SkillRegistry) throws {
  ///   let weather = FetchForecast().retry(RetryPolicy(maxAttempts: 2)).tool(
  ///     id: "weather", description: "Today's forecast for a city", keywords: ["weather", "天气"]
  ///   ) { forecast in
  ///     ToolOutput(summary: "\(forecast.city): high \(forecast.high)°C", display: .keyValues(["High": "\(forecast.high)°C"]))
  ///   }
  ///   try registry.register(weather)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The name the model calls (`^[a-zA-Z0-9_-]{1,64}$`).
  ///   - displayName: The name people see. Defaults to `id`.
  ///   - description: What the tool does and when to use it, for the model.
  ///   - tags: Labels matched against the intent's tags.
  ///   - keywords: Words searched for in the user's text.
  ///   - requiresConfirmation: Whether the user must confirm before it runs.
  ///   - requiredPermission: The permission it needs.
  ///   - validators: Checks beyond the schema.
  ///   - output: The summary for the model and the value for the UI, from the skill's output.
  /// - Returns: The tool.
  public func tool(
    id: String,
    displayName: LocalizedText? = nil,
    description: String,
    tags: [String] = [],
    keywords: [String] = [],
    requiresConfirmation: Bool = false,
    requiredPermission: SkillPermission? = nil,
    validators: [ArgumentValidator] = [],
    output: @escaping @Sendable (Output) -> ToolOutput
  ) -> ToolSkillOf<Input> {
    ToolSkillOf(
      id: id, displayName: displayName, description: description,
      inputSchema: JSONSchema.derivedOrUnusable(from: Input.self), tags: tags, keywords: keywords,
      requiresConfirmation: requiresConfirmation, requiredPermission: requiredPermission, validators: validators
    ) { input, context in
      output(try await self.run(input, context: context))
    }
  }
}

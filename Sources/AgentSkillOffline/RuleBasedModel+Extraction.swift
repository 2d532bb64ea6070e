import AgentSkillLLM
import Foundation

extension RuleBasedModel {
  /// The arguments the rule-based model read from a text for one tool.
  ///
  /// ```swift
  /// let model = RuleBasedModel()
  /// let reminder = ToolDefinition(
  ///   name: "create_reminder", description: "创建提醒：在指定时间提醒用户做一件事",
  ///   parameters: .object(
  ///     properties: [
  ///       "title": .string(description: "要提醒的事"), "at": .string(format: .dateTime),
  ///       "language": .string(enum: ["zh", "en"]),
  ///     ],
  ///     required: ["title", "at"]))
  /// let extraction = model.extractArguments(for: reminder, from: "明天下午三点提醒我开周会")
  /// extraction.arguments   // ["title": "开周会", "at": "2026-03-07T15:00:00+08:00", "language": "zh"] on 2026-03-06
  /// extraction.isComplete  // true
  ///
  /// let weather = ToolDefinition(
  ///   name: "weather", description: "Weather today in a city.",
  ///   parameters: .object(
  ///     properties: ["city": .string(description: "城市", enum: ["北京", "上海", "广州", "深圳"])], required: ["city"]))
  /// model.extractArguments(for: weather, from: "天气怎么样").question
  /// // "请问要哪个城市（可选：北京、上海、广州、深圳）？"
  /// ```
  public struct ArgumentExtraction: Sendable, Hashable {
    /// The arguments filled, in schema order.
    public var arguments: JSONObject
    /// The required arguments that could not be filled, in schema order.
    public var missing: [String]
    /// What to ask the user for the missing arguments; `nil` when none are missing.
    public var question: String?
    /// The language of the text.
    public var language: Language

    /// Whether every required argument was filled.
    public var isComplete: Bool { missing.isEmpty }

    /// Creates an extraction.
    ///
    /// - Parameters:
    ///   - arguments: The arguments filled.
    ///   - missing: The required arguments not filled.
    ///   - question: What to ask for them.
    ///   - language: The language of the text.
    public init(arguments: JSONObject, missing: [String], question: String?, language: Language) {
      self.arguments = arguments
      self.missing = missing
      self.question = question
      self.language = language
    }
  }

  /// Fills `tool`'s arguments from `text`, relative to ``now`` in ``timeZone``.
  ///
  /// The same reading the model uses before calling a tool; see the table in
  /// ``RuleBasedModel`` for what is understood.
  ///
  /// - Parameters:
  ///   - tool: The tool, with its parameters schema.
  ///   - text: The user's words.
  /// - Returns: The arguments, the missing required ones and the question to ask.
  public func extractArguments(for tool: ToolDefinition, from text: String) -> ArgumentExtraction {
    let language = Language(detecting: text)
    let calendar = OfflineCalendar(now: now(), timeZone: timeZone)
    let analysis = ArgumentExtractor.Analysis(OfflineText(text), calendar: calendar)
    return extract(tool, analysis: analysis, calendar: calendar, language: language)
  }

  /// Extraction with a prepared analysis.
  func extract(
    _ tool: ToolDefinition,
    analysis: ArgumentExtractor.Analysis,
    calendar: OfflineCalendar,
    language: Language
  ) -> ArgumentExtraction {
    let parameters = ToolParameter.parameters(of: tool.parameters, knownValues: knownValues[tool.name] ?? [:])
    let terms = ToolTerms(name: tool.name, description: tool.description, keywords: keywords[tool.name] ?? [])
    let result = ArgumentExtractor(calendar: calendar, language: language)
      .extract(parameters, from: analysis, terms: terms)
    let question =
      result.missing.isEmpty
      ? nil : ArgumentQuestion.ask(result.missing, knownDays: result.knownDays, language: language)
    return ArgumentExtraction(
      arguments: result.arguments, missing: result.missing.map(\.name), question: question, language: language)
  }
}

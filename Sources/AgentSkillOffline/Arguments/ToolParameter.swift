import AgentSkillLLM
import Foundation

/// One argument of a tool, as the rule-based model understands it from the schema.
struct ToolParameter: Sendable {
  /// How the model fills the argument.
  enum Kind: Sendable, Hashable {
    /// The language of the user's text (`zh` or `en`, or the closest `enum` value).
    case language
    /// One of a list: the schema's `enum` and the validators' known values.
    case choice
    /// The first day of a date range (`from`, `startDate`).
    case rangeStart
    /// The last day of a date range (`to`, `endDate`).
    case rangeEnd
    /// A day.
    case date
    /// A moment: a day and a time.
    case dateTime
    /// A time of day.
    case time
    /// A whole number.
    case integer
    /// A number.
    case number
    /// A boolean (filled only from the schema's default, never guessed).
    case boolean
    /// Free text (a reminder's title, a search query).
    case text
    /// Arrays, objects and anything else the model does not fill.
    case unsupported
  }

  /// The member name.
  let name: String
  /// Whether the schema requires it.
  let isRequired: Bool
  /// How to fill it.
  let kind: Kind
  /// Whether a date-like argument wants a date-time (`2026-03-06T15:00:00+08:00`) rather than a date.
  let wantsDateTime: Bool
  /// The accepted values: the schema's string `enum` followed by the validators' known values.
  let choices: [String]
  /// Whether the schema's `enum` closes the list (known values are checked by validators instead).
  let choicesAreClosed: Bool
  /// The schema's `title`, else the first clause of its `description`.
  let label: String?
  /// The first clause of an English gloss in parentheses ending the
  /// `description` (`提醒时间 (reminder time, RFC 3339)` → `reminder time`),
  /// for English answers when ``label`` is Chinese.
  let englishLabel: String?
  /// The `minimum`, when the schema has one.
  let minimum: Double?
  /// The `maximum`, when the schema has one.
  let maximum: Double?

  private static let languageNames: Set<String> = [
    "language", "lang", "locale", "replylanguage", "responselanguage", "outputlanguage", "answerlanguage",
  ]
  private static let startNames: Set<String> = ["from", "start", "since", "begin", "first"]
  private static let endNames: Set<String> = ["to", "end", "until", "through", "last"]

  /// The parameters of `schema` (an object schema), in property order.
  ///
  /// - Parameters:
  ///   - schema: The tool's parameters schema.
  ///   - knownValues: The validators' known values per JSON Pointer (`/city`).
  static func parameters(of schema: JSONSchema, knownValues: [String: [String]]) -> [ToolParameter] {
    guard let object = schema.json.objectValue, let properties = object["properties"]?.objectValue else { return [] }
    let required = Set((object["required"]?.arrayValue ?? []).compactMap(\.stringValue))
    return properties.members.map { name, value in
      ToolParameter(
        name: name, schema: value.objectValue ?? [:], isRequired: required.contains(name),
        knownValues: knownValues["/" + ArgumentPath.escape(name)] ?? [])
    }
  }

  private init(name: String, schema: JSONObject, isRequired: Bool, knownValues: [String]) {
    self.name = name
    self.isRequired = isRequired
    let types = Self.types(of: schema)
    let enumStrings = (schema["enum"]?.arrayValue ?? []).compactMap(\.stringValue)
    var choices = enumStrings
    for value in knownValues where !choices.contains(value) { choices.append(value) }
    self.choices = choices
    self.choicesAreClosed = !enumStrings.isEmpty
    self.label = Self.label(of: schema)
    self.englishLabel = Self.englishLabel(of: schema["description"]?.stringValue ?? "")
    self.minimum = schema["minimum"]?.doubleValue
    self.maximum = schema["maximum"]?.doubleValue
    let normalized = Self.normalize(name)
    let format = schema["format"]?.stringValue
    let description = (schema["description"]?.stringValue ?? "").lowercased()
    let acceptsString = types.isEmpty || types.contains("string")
    var wantsDateTime = format == "date-time"
    let kind: Kind
    if acceptsString, Self.languageNames.contains(normalized) {
      kind = .language
    } else if !choices.isEmpty {
      kind = .choice
    } else if types.contains("integer") {
      kind = .integer
    } else if types.contains("number") {
      kind = .number
    } else if types.contains("boolean") {
      kind = .boolean
    } else if !acceptsString {
      kind = .unsupported
    } else if format == "time" || (format == nil && normalized == "time") {
      kind = .time
    } else if format == "date" || format == "date-time" || Self.looksLikeDate(name, description: description) {
      if format == nil, Self.looksLikeMoment(name) { wantsDateTime = true }
      kind =
        Self.rangeEnd(normalized)
        ? .rangeEnd : Self.rangeStart(normalized) ? .rangeStart : (wantsDateTime ? .dateTime : .date)
    } else {
      kind = .text
    }
    self.kind = kind
    self.wantsDateTime = wantsDateTime
  }

  /// `start_date` → `startdate`, `remindAt` → `remindat`.
  static func normalize(_ name: String) -> String {
    String(name.lowercased().filter { $0.isLetter || $0.isNumber })
  }

  private static func types(of schema: JSONObject) -> Set<String> {
    switch schema["type"] {
    case .string(let type)?: [type]
    case .array(let types)?: Set(types.compactMap(\.stringValue))
    default: []
    }
  }

  private static func looksLikeDate(_ name: String, description: String) -> Bool {
    let normalized = normalize(name)
    if normalized.contains("date") || normalized == "day" || normalized == "on" || looksLikeMoment(name) { return true }
    if startNames.contains(normalized) || endNames.contains(normalized) {
      return ["date", "day", "yyyy", "日期", "哪天", "开始", "结束"].contains { description.contains($0) }
    }
    return false
  }

  /// `at`, `when`, `due`, `deadline`, `dateTime`, and names ending in `At` / `_at` (`remindAt`, `starts_at`).
  private static func looksLikeMoment(_ name: String) -> Bool {
    let normalized = normalize(name)
    if normalized.contains("datetime") || ["when", "due", "deadline", "at", "moment", "schedule"].contains(normalized) {
      return true
    }
    return name.count > 2 && (name.hasSuffix("At") || name.lowercased().hasSuffix("_at") || name.hasSuffix("-at"))
  }

  private static func rangeStart(_ name: String) -> Bool {
    startNames.contains(name)
      || ["start", "from", "begin", "since"].contains { name.hasPrefix($0) || name.hasSuffix($0) }
  }

  private static func rangeEnd(_ name: String) -> Bool {
    endNames.contains(name) || ["end", "until", "through"].contains { name.hasPrefix($0) || name.hasSuffix($0) }
      || name.hasSuffix("to") && name.contains("date")
  }

  private static func englishLabel(of description: String) -> String? {
    let trimmed = description.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") else { return nil }
    let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
    let stops: Set<Character> = [",", ";", ":", "."]
    let clause = String(inside.prefix { !stops.contains($0) }).trimmingCharacters(in: .whitespaces)
    guard !clause.isEmpty, !clause.contains(where: OfflineText.isIdeograph) else { return nil }
    return String(clause.prefix(32))
  }

  private static func label(of schema: JSONObject) -> String? {
    if let title = schema["title"]?.stringValue, !title.isEmpty { return title }
    guard let description = schema["description"]?.stringValue else { return nil }
    let stops: Set<Character> = ["，", ",", "。", ".", ";", "；", "(", "（", ":", "：", "\n"]
    let clause = String(description.prefix { !stops.contains($0) }).trimmingCharacters(in: .whitespaces)
    return clause.isEmpty ? nil : String(clause.prefix(24))
  }
}

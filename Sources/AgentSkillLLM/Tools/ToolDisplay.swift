/// What the UI shows for a tool's result.
///
/// The chat UI renders each case with a ready view; a terminal uses
/// ``plainText``. Codable as `{"kind": "table", "table": {…}}` so results
/// can be exported in timelines and replayed.
///
/// ```swift
/// let displays: [ToolDisplay] = [
///   .text("已创建提醒：明天 15:00 开周会"),
///   .keyValues(["城市": "北京", "天气": "多云", "温度": "22°C"]),
///   .table(ToolTable(columns: ["类别", "金额"], rows: [["餐饮", "¥180.00"]])),
/// ]
/// ```
public enum ToolDisplay: Sendable, Hashable, Codable {
  /// Nothing beyond the model's answer.
  case none
  /// A paragraph of text.
  case text(String)
  /// A bulleted list.
  case list([String])
  /// Labelled values, such as a weather card.
  case keyValues(ToolKeyValues)
  /// A table, optionally grouped with subtotals.
  case table(ToolTable)

  /// The case's name as written in JSON: `none`, `text`, `list`, `keyValues` or `table`.
  public var kind: String {
    switch self {
    case .none: "none"
    case .text: "text"
    case .list: "list"
    case .keyValues: "keyValues"
    case .table: "table"
    }
  }

  private enum CodingKeys: String, CodingKey {
    case kind, text, items, keyValues, table
  }

  /// Decodes `{"kind": …}` with the member the kind names.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` for an unknown kind or a missing member.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(String.self, forKey: .kind)
    switch kind {
    case "none": self = .none
    case "text": self = .text(try container.decode(String.self, forKey: .text))
    case "list": self = .list(try container.decode([String].self, forKey: .items))
    case "keyValues": self = .keyValues(try container.decode(ToolKeyValues.self, forKey: .keyValues))
    case "table": self = .table(try container.decode(ToolTable.self, forKey: .table))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .kind,
        in: container,
        debugDescription: "unknown display kind \"\(kind)\"; expected none, text, list, keyValues or table"
      )
    }
  }

  /// Encodes `{"kind": …}` with the case's value.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    switch self {
    case .none: break
    case .text(let text): try container.encode(text, forKey: .text)
    case .list(let items): try container.encode(items, forKey: .items)
    case .keyValues(let values): try container.encode(values, forKey: .keyValues)
    case .table(let table): try container.encode(table, forKey: .table)
    }
  }
}

/// What a tool skill returns: a short summary for the model and a
/// structured value for the UI.
///
/// Never hand the model raw data: it costs tokens and invites the model to
/// misread it. The summary
/// ("北京今天多云 22°C，后天有雨") is all the model reads; the ``display``
/// value (a grouped table, key-value pairs) is what the chat UI renders.
///
/// ```swift
/// func ledgerOutput(_ table: ToolTable) -> ToolOutput {
///   ToolOutput(
///     summary: "上周三共 5 笔支出，合计 ¥326.50；餐饮最多（¥180.00）",
///     display: .table(table)
///   )
/// }
/// ```
///
/// The summary is capped at `summaryLimit` characters (by default
/// ``defaultSummaryLimit``, 1,000); a longer one is cut on a character
/// boundary and ends with `…`, and ``isSummaryTruncated`` is set.
public struct ToolOutput: Sendable, Hashable, Codable {
  /// The default cap on ``summary``, in characters.
  public static let defaultSummaryLimit = 1_000

  /// What the model reads: a few sentences at most.
  public let summary: String
  /// What the UI shows.
  public let display: ToolDisplay
  /// Whether ``summary`` was cut to fit the limit.
  public let isSummaryTruncated: Bool
  /// The machine-readable result, matching the skill's ``ToolSkill/outputSchema`` when it declares one; served
  /// as MCP `structuredContent`.
  public let structuredContent: JSONValue?

  /// Creates an output.
  ///
  /// - Parameters:
  ///   - summary: What the model reads; cut to `summaryLimit` characters if longer.
  ///   - display: What the UI shows. Defaults to ``ToolDisplay/none``.
  ///   - summaryLimit: The most characters (grapheme clusters) kept, the ellipsis
  ///     included; values below 1 count as 1.
  ///   - structuredContent: The machine-readable result, for a skill that declares an output schema.
  public init(
    summary: String, display: ToolDisplay = .none, summaryLimit: Int = ToolOutput.defaultSummaryLimit,
    structuredContent: JSONValue? = nil
  ) {
    let cut = ToolText.truncated(summary, to: summaryLimit)
    self.summary = cut
    self.display = display
    self.isSummaryTruncated = cut != summary
    self.structuredContent = structuredContent
  }

  /// An output whose summary is also shown as text.
  ///
  /// - Parameters:
  ///   - text: The text; the summary is cut to `summaryLimit`, the displayed text is not.
  ///   - summaryLimit: The most characters kept in the summary.
  /// - Returns: The output.
  public static func text(_ text: String, summaryLimit: Int = ToolOutput.defaultSummaryLimit) -> ToolOutput {
    ToolOutput(summary: text, display: .text(text), summaryLimit: summaryLimit)
  }
}

/// A table for the UI, optionally grouped with subtotals, such as
/// bookkeeping details grouped by category.
///
/// Cells are display strings, already formatted; each row has one cell per
/// column (a renderer pads short rows and ignores extra cells). Ungrouped
/// ``rows`` come first, then each group with its own heading, rows and
/// subtotal row, then the grand ``total`` row.
///
/// ```swift
/// struct Expense {
///   let time: String
///   let note: String
///   let category: String
///   let amount: Decimal
/// }
///
/// func output(for expenses: [Expense]) -> ToolOutput {
///   func sum(_ items: [Expense]) -> String { "¥\(items.map(\.amount).reduce(0, +))" }
///   let table = ToolTable.grouped(
///     expenses,
///     title: "上周三的支出",
///     columns: ["时间", "项目", ToolTable.Column("金额", alignment: .trailing)],
///     by: \.category,
///     groupTitle: { $0 },
///     row: { [$0.time, $0.note, "¥\($0.amount)"] },
///     subtotal: { ["小计", "", sum($0)] },
///     total: { ["合计", "", sum($0)] }
///   )
///   return ToolOutput(summary: "上周三共 \(expenses.count) 笔支出，合计 \(sum(expenses))", display: .table(table))
/// }
/// ```
public struct ToolTable: Sendable, Hashable, Codable {
  /// How a column's cells line up.
  public enum Alignment: String, Sendable, Hashable, Codable {
    /// Start of the cell (left in left-to-right languages); for text.
    case leading
    /// Centred.
    case center
    /// End of the cell; for amounts and other numbers.
    case trailing
  }

  /// A column heading and its alignment.
  public struct Column: Sendable, Hashable, Codable, ExpressibleByStringLiteral {
    /// The heading.
    public var title: String
    /// How the column's cells line up.
    public var alignment: Alignment

    /// Creates a column.
    ///
    /// - Parameters:
    ///   - title: The heading.
    ///   - alignment: How the cells line up. Defaults to ``Alignment/leading``.
    public init(_ title: String, alignment: Alignment = .leading) {
      self.title = title
      self.alignment = alignment
    }

    /// Creates a leading-aligned column from its heading.
    ///
    /// - Parameter value: The heading.
    public init(stringLiteral value: String) {
      self.init(value)
    }

    private enum CodingKeys: String, CodingKey {
      case title, alignment
    }

    /// Decodes `{"title": "金额", "alignment": "trailing"}` or just `"金额"`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is neither.
    public init(from decoder: any Decoder) throws {
      if let single = try? decoder.singleValueContainer(), let title = try? single.decode(String.self) {
        self.init(title)
        return
      }
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        try container.decode(String.self, forKey: .title),
        alignment: try container.decodeIfPresent(Alignment.self, forKey: .alignment) ?? .leading
      )
    }

    /// Encodes `{"title": …, "alignment": …}`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(title, forKey: .title)
      try container.encode(alignment, forKey: .alignment)
    }
  }

  /// Rows under a heading, with an optional subtotal row.
  public struct Group: Sendable, Hashable, Codable {
    /// The heading, such as `餐饮`.
    public var title: String
    /// The group's rows.
    public var rows: [[String]]
    /// The subtotal row, one cell per column, such as `["小计", "", "¥180.00"]`.
    public var subtotal: [String]?

    /// Creates a group.
    ///
    /// - Parameters:
    ///   - title: The heading.
    ///   - rows: The group's rows.
    ///   - subtotal: The subtotal row, when there is one.
    public init(title: String, rows: [[String]], subtotal: [String]? = nil) {
      self.title = title
      self.rows = rows
      self.subtotal = subtotal
    }

    private enum CodingKeys: String, CodingKey {
      case title, rows, subtotal
    }

    /// Decodes a group; `rows` may be absent.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when `title` is missing or a member has the wrong type.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        title: try container.decode(String.self, forKey: .title),
        rows: try container.decodeIfPresent([[String]].self, forKey: .rows) ?? [],
        subtotal: try container.decodeIfPresent([String].self, forKey: .subtotal)
      )
    }
  }

  /// A heading above the table.
  public var title: String?
  /// The columns.
  public var columns: [Column]
  /// Rows outside any group, shown first.
  public var rows: [[String]]
  /// Groups of rows, each with a heading and an optional subtotal.
  public var groups: [Group]
  /// The grand total row, shown last.
  public var total: [String]?

  /// Creates a table.
  ///
  /// - Parameters:
  ///   - title: A heading above the table.
  ///   - columns: The columns.
  ///   - rows: Rows outside any group.
  ///   - groups: Groups of rows.
  ///   - total: The grand total row.
  public init(
    title: String? = nil,
    columns: [Column],
    rows: [[String]] = [],
    groups: [Group] = [],
    total: [String]? = nil
  ) {
    self.title = title
    self.columns = columns
    self.rows = rows
    self.groups = groups
    self.total = total
  }

  /// The number of data rows, grouped or not (headings, subtotals and total excluded).
  public var rowCount: Int {
    groups.reduce(rows.count) { $0 + $1.rows.count }
  }

  /// A table with one group per key, groups in order of first appearance.
  ///
  /// - Parameters:
  ///   - items: The items, one row each.
  ///   - title: A heading above the table.
  ///   - columns: The columns.
  ///   - key: The group an item belongs to.
  ///   - groupTitle: A group's heading.
  ///   - row: An item's cells.
  ///   - subtotal: A group's subtotal row, from its items.
  ///   - total: The grand total row, from all items.
  /// - Returns: The grouped table.
  public static func grouped<Item, Key: Hashable>(
    _ items: some Sequence<Item>,
    title: String? = nil,
    columns: [Column],
    by key: (Item) -> Key,
    groupTitle: (Key) -> String,
    row: (Item) -> [String],
    subtotal: (([Item]) -> [String])? = nil,
    total: (([Item]) -> [String])? = nil
  ) -> ToolTable {
    var order: [Key] = []
    var members: [Key: [Item]] = [:]
    var all: [Item] = []
    for item in items {
      let groupKey = key(item)
      if members[groupKey] == nil { order.append(groupKey) }
      members[groupKey, default: []].append(item)
      all.append(item)
    }
    let groups = order.map { groupKey in
      let groupItems = members[groupKey] ?? []
      return Group(title: groupTitle(groupKey), rows: groupItems.map(row), subtotal: subtotal?(groupItems))
    }
    return ToolTable(title: title, columns: columns, groups: groups, total: total?(all))
  }

  private enum CodingKeys: String, CodingKey {
    case title, columns, rows, groups, total
  }

  /// Decodes a table; every member but `columns` may be absent.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when `columns` is missing or a member has the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      title: try container.decodeIfPresent(String.self, forKey: .title),
      columns: try container.decode([Column].self, forKey: .columns),
      rows: try container.decodeIfPresent([[String]].self, forKey: .rows) ?? [],
      groups: try container.decodeIfPresent([Group].self, forKey: .groups) ?? [],
      total: try container.decodeIfPresent([String].self, forKey: .total)
    )
  }

  /// Encodes the table, leaving out empty rows and groups and absent title and total.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(title, forKey: .title)
    try container.encode(columns, forKey: .columns)
    if !rows.isEmpty { try container.encode(rows, forKey: .rows) }
    if !groups.isEmpty { try container.encode(groups, forKey: .groups) }
    try container.encodeIfPresent(total, forKey: .total)
  }
}

/// The rows a chat screen draws for a ``ToolTable``, in order: ungrouped
/// rows, then each group's heading, rows and subtotal, then the grand total —
/// every row padded or cut to one cell per column, and at most
/// `maximumRows` data rows, so a tool that returns thousands of rows cannot
/// stall the transcript.
///
/// ```swift
/// struct PlainTable: View {
///   let table: ToolTable
///
///   var body: some View {
///     let layout = ChatTableLayout(table, maximumRows: 200)
///     Grid {
///       GridRow { ForEach(layout.columns.indices, id: \.self) { Text(layout.columns[$0].title) } }
///       ForEach(layout.rows) { row in
///         switch row.kind {
///         case .groupTitle: Text(row.cells[0]).font(.headline)
///         case .data, .subtotal, .total: GridRow { ForEach(row.cells.indices, id: \.self) { Text(row.cells[$0]) } }
///         case .truncated(let hidden): Text("\(hidden) more rows")
///         }
///       }
///     }
///   }
/// }
/// ```
public struct ChatTableLayout: Sendable, Hashable {
  /// One drawn row.
  public struct Row: Sendable, Hashable, Identifiable {
    /// What a row is.
    public enum Kind: Sendable, Hashable {
      /// A data row.
      case data
      /// A group's heading; ``Row/cells`` holds the title alone.
      case groupTitle
      /// A group's subtotal row.
      case subtotal
      /// The grand total row.
      case total
      /// Data rows left out beyond the limit; ``Row/cells`` is empty.
      case truncated(hiddenRows: Int)
    }

    /// The row's position in ``ChatTableLayout/rows``, stable for a given table.
    public let id: Int
    /// What the row is.
    public let kind: Kind
    /// The cells, one per column (for a group title: the title alone).
    public let cells: [String]
  }

  /// The heading above the table.
  public let title: String?
  /// The columns.
  public let columns: [ToolTable.Column]
  /// The rows to draw, in order.
  public let rows: [Row]

  /// Lays a table out.
  ///
  /// - Parameters:
  ///   - table: The table.
  ///   - maximumRows: The most data rows to draw; the rest are counted in
  ///     one ``Row/Kind/truncated(hiddenRows:)`` row. Defaults to 200.
  public init(_ table: ToolTable, maximumRows: Int = 200) {
    let width = table.columns.count
    var rows: [Row] = []
    var budget = max(0, maximumRows)
    var hidden = 0

    func append(_ kind: Row.Kind, _ cells: [String]) {
      rows.append(Row(id: rows.count, kind: kind, cells: cells))
    }
    func fitted(_ cells: [String]) -> [String] {
      cells.count >= width
        ? Array(cells.prefix(width)) : cells + Array(repeating: "", count: width - cells.count)
    }
    func appendData(_ data: [[String]]) {
      let shown = min(budget, data.count)
      for cells in data.prefix(shown) { append(.data, fitted(cells)) }
      budget -= shown
      hidden += data.count - shown
    }

    if width > 0 {
      appendData(table.rows)
      for group in table.groups {
        guard budget > 0 else {
          hidden += group.rows.count
          continue
        }
        append(.groupTitle, [group.title])
        appendData(group.rows)
        if let subtotal = group.subtotal { append(.subtotal, fitted(subtotal)) }
      }
      if hidden > 0 { append(.truncated(hiddenRows: hidden), []) }
      if let total = table.total { append(.total, fitted(total)) }
    }
    self.title = table.title
    self.columns = table.columns
    self.rows = rows
  }
}

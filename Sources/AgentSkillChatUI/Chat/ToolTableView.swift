#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillLLM
  import SwiftUI

  /// A ``/AgentSkillLLM/ToolTable`` as a grid: the title, the column headings,
  /// ungrouped rows, each group's heading, rows and subtotal, and the grand
  /// total under a rule — bookkeeping details grouped by category, say.
  ///
  /// ```swift
  /// struct LedgerResult: View {
  ///   let table: ToolTable
  ///   var body: some View {
  ///     ToolTableView(table, maximumRows: 100)
  ///   }
  /// }
  /// ```
  ///
  /// Columns keep the table's alignment (amounts trailing, in monospaced
  /// digits). A table wider than the screen scrolls horizontally; rows beyond
  /// `maximumRows` are counted in a note instead of drawn (see
  /// ``/AgentSkillLLM/ChatTableLayout``). Built on `Grid`, so it works on iOS,
  /// where `Table` shows one column in compact width.
  public struct ToolTableView: View {
    private let layout: ChatTableLayout
    @Environment(\.locale) private var locale

    /// Creates the view.
    ///
    /// - Parameters:
    ///   - table: The table.
    ///   - maximumRows: The most data rows to draw. Defaults to 200.
    public init(_ table: ToolTable, maximumRows: Int = 200) {
      self.layout = ChatTableLayout(table, maximumRows: maximumRows)
    }

    /// The title and the grid.
    public var body: some View {
      VStack(alignment: .leading, spacing: 8) {
        if let title = layout.title {
          Text(verbatim: title).font(.headline)
        }
        if !layout.columns.isEmpty {
          ScrollView(.horizontal) {
            Grid(alignment: .leading, horizontalSpacing: 16, verticalSpacing: 6) {
              GridRow {
                ForEach(layout.columns.indices, id: \.self) { index in
                  Text(verbatim: layout.columns[index].title)
                    .font(.caption.weight(.semibold))
                    .foregroundStyle(.secondary)
                    .gridColumnAlignment(Self.alignment(of: layout.columns[index]))
                }
              }
              Divider()
              ForEach(layout.rows) { row in
                switch row.kind {
                case .groupTitle:
                  Text(verbatim: row.cells.first ?? "")
                    .font(.subheadline.weight(.semibold))
                    .padding(.top, 4)
                case .data:
                  GridRow { cells(of: row, weight: nil) }
                case .subtotal:
                  GridRow { cells(of: row, weight: .semibold) }
                case .total:
                  Divider()
                  GridRow { cells(of: row, weight: .bold) }
                case .truncated(let hiddenRows):
                  Text(
                    verbatim: AgentSkillLocalization.string("chat.table.hiddenRows", "\(hiddenRows)", locale: locale)
                  )
                  .font(.caption)
                  .foregroundStyle(.secondary)
                }
              }
            }
            .font(.callout)
            .padding(.bottom, 2)
          }
        }
      }
      .accessibilityElement(children: .contain)
    }

    private func cells(of row: ChatTableLayout.Row, weight: Font.Weight?) -> some View {
      ForEach(row.cells.indices, id: \.self) { index in
        let text = Text(verbatim: row.cells[index]).fontWeight(weight)
        if Self.isTrailing(index, in: layout.columns) {
          text.monospacedDigit()
        } else {
          text
        }
      }
    }

    private static func isTrailing(_ index: Int, in columns: [ToolTable.Column]) -> Bool {
      columns.indices.contains(index) && columns[index].alignment == .trailing
    }

    private static func alignment(of column: ToolTable.Column) -> HorizontalAlignment {
      switch column.alignment {
      case .leading: .leading
      case .center: .center
      case .trailing: .trailing
      }
    }
  }
#endif

import AgentSkillLLM
import Testing

@Suite("ChatTableLayout", .timeLimit(.minutes(5)))
struct ChatTableLayoutTests {
  private static let ledger = ToolTable(
    title: "上周三的支出",
    columns: ["时间", "项目", ToolTable.Column("金额", alignment: .trailing)],
    rows: [["08:10", "地铁"]],
    groups: [
      ToolTable.Group(
        title: "餐饮", rows: [["12:00", "午饭", "¥35.00"], ["19:00", "晚饭", "¥80.00", "extra"]],
        subtotal: ["小计", "", "¥115.00"]),
      ToolTable.Group(title: "购物", rows: [["15:00", "书", "¥60.00"]]),
    ],
    total: ["合计", "", "¥175.00"])

  private typealias Kind = ChatTableLayout.Row.Kind

  @Test func rowsComeInReadingOrderPaddedToTheColumns() {
    let layout = ChatTableLayout(Self.ledger)
    #expect(layout.title == "上周三的支出")
    #expect(layout.columns.map(\.alignment) == [.leading, .leading, .trailing])
    #expect(layout.rows.map(\.kind) == [.data, .groupTitle, .data, .data, .subtotal, .groupTitle, .data, .total])
    #expect(layout.rows.map(\.id) == Array(0..<8))
    #expect(layout.rows[0].cells == ["08:10", "地铁", ""])
    #expect(layout.rows[1].cells == ["餐饮"])
    #expect(layout.rows[3].cells == ["19:00", "晚饭", "¥80.00"])
    #expect(layout.rows[7].cells == ["合计", "", "¥175.00"])
  }

  @Test func rowsBeyondTheLimitAreCountedNotDrawn() {
    let layout = ChatTableLayout(Self.ledger, maximumRows: 2)
    #expect(layout.rows.map(\.kind) == [.data, .groupTitle, .data, .subtotal, .truncated(hiddenRows: 2), .total])
    #expect(layout.rows[4].cells.isEmpty)

    let none = ChatTableLayout(Self.ledger, maximumRows: 0)
    #expect(none.rows.map(\.kind) == [.truncated(hiddenRows: 4), .total])
  }

  @Test func aTableWithoutColumnsDrawsNoRows() {
    let layout = ChatTableLayout(ToolTable(title: "空", columns: [], rows: [["a"]], total: ["b"]))
    #expect(layout.title == "空")
    #expect(layout.rows.isEmpty)
  }

  @Test func thousandsOfRowsStayBounded() {
    let rows = (0..<5_000).map { ["\($0)", "item"] }
    let layout = ChatTableLayout(ToolTable(columns: ["#", "名称"], rows: rows))
    #expect(layout.rows.count == 201)
    #expect(layout.rows.last?.kind == .truncated(hiddenRows: 4_800))
  }
}

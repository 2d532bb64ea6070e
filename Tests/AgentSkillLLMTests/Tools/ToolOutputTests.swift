import AgentSkillLLM
import Foundation
import Testing

@Suite("ToolOutput and display", .timeLimit(.minutes(5)))
struct ToolOutputTests {
  @Test("a short summary is kept as it is")
  func shortSummary() {
    let output = ToolOutput(summary: "北京今天多云 22°C")
    #expect(output.summary == "北京今天多云 22°C")
    #expect(!output.isSummaryTruncated)
    #expect(output.display == .none)
  }

  @Test("a long Chinese summary is cut on a character boundary with an ellipsis")
  func chineseCap() {
    let text = String(repeating: "北京今天多云，后天有雨。", count: 200)
    let output = ToolOutput(summary: text)
    #expect(output.summary.count == ToolOutput.defaultSummaryLimit)
    #expect(output.summary.hasSuffix("…"))
    #expect(text.hasPrefix(String(output.summary.dropLast())))
    #expect(output.isSummaryTruncated)
  }

  @Test("the cap counts grapheme clusters, never splitting emoji or combined characters")
  func graphemes() {
    let family = "👨‍👩‍👧‍👦"
    let output = ToolOutput(summary: String(repeating: family, count: 10), summaryLimit: 4)
    #expect(output.summary == family + family + family + "…")
    let accents = ToolOutput(summary: String(repeating: "e\u{301}", count: 10), summaryLimit: 3)
    #expect(accents.summary == "e\u{301}e\u{301}…")
  }

  @Test("exactly the limit is not cut; one more is; whitespace before the ellipsis is dropped")
  func boundaries() {
    #expect(ToolOutput(summary: "abcde", summaryLimit: 5).summary == "abcde")
    #expect(ToolOutput(summary: "abcdef", summaryLimit: 5).summary == "abcd…")
    #expect(ToolOutput(summary: "abc   defgh", summaryLimit: 6).summary == "abc…")
    #expect(ToolOutput(summary: "abc", summaryLimit: 0).summary == "…")
    #expect(ToolOutput(summary: "", summaryLimit: 0).summary == "")
  }

  @Test("text outputs show the whole text but cap the summary")
  func textOutput() {
    let long = String(repeating: "字", count: 20)
    let output = ToolOutput.text(long, summaryLimit: 10)
    #expect(output.summary.count == 10)
    #expect(output.display == .text(long))
  }

  @Test("a grouped table keeps groups in first-appearance order with subtotals and total")
  func groupedTable() {
    struct Expense {
      let category: String
      let note: String
      let cents: Int
    }
    let expenses = [
      Expense(category: "餐饮", note: "午饭", cents: 3_500),
      Expense(category: "交通", note: "地铁", cents: 400),
      Expense(category: "餐饮", note: "晚饭", cents: 8_800),
    ]
    func yuan(_ cents: Int) -> String { "¥\(cents / 100).\(String(format: "%02d", cents % 100))" }
    let table = ToolTable.grouped(
      expenses,
      title: "上周三的支出",
      columns: ["项目", ToolTable.Column("金额", alignment: .trailing)],
      by: \.category,
      groupTitle: { $0 },
      row: { [$0.note, yuan($0.cents)] },
      subtotal: { ["小计", yuan($0.reduce(0) { $0 + $1.cents })] },
      total: { ["合计", yuan($0.reduce(0) { $0 + $1.cents })] }
    )
    #expect(table.groups.map(\.title) == ["餐饮", "交通"])
    #expect(table.groups.first?.rows == [["午饭", "¥35.00"], ["晚饭", "¥88.00"]])
    #expect(table.groups.first?.subtotal == ["小计", "¥123.00"])
    #expect(table.total == ["合计", "¥127.00"])
    #expect(table.rowCount == 3)
    #expect(
      ToolDisplay.table(table).plainText == """
        上周三的支出
        项目     金额
        ----  -------
        [餐饮]
        午饭   ¥35.00
        晚饭   ¥88.00
        小计  ¥123.00
        [交通]
        地铁    ¥4.00
        小计    ¥4.00
        ----  -------
        合计  ¥127.00
        """)
  }

  @Test("every display round-trips through JSON")
  func displayCodable() throws {
    let table = ToolTable(
      title: "t",
      columns: ["类别", ToolTable.Column("金额", alignment: .trailing)],
      rows: [["其他", "¥1.00"]],
      groups: [ToolTable.Group(title: "餐饮", rows: [["午饭", "¥35.00"]], subtotal: ["小计", "¥35.00"])],
      total: ["合计", "¥36.00"]
    )
    let displays: [ToolDisplay] = [
      .none, .text("多云"), .list(["a", "b"]), .keyValues(ToolKeyValues(title: "北京", pairs: [.init("温度", "22°C")])),
      .table(table),
    ]
    for display in displays {
      let output = ToolOutput(summary: "s", display: display)
      let data = try JSONEncoder().encode(output)
      #expect(try JSONDecoder().decode(ToolOutput.self, from: data) == output)
    }
    let json = try JSONValue(encoding: ToolDisplay.table(table))
    #expect(json["kind"] == "table")
    #expect(json["table"]?["columns"]?[1] == ["title": "金额", "alignment": "trailing"])
    #expect(json["table"]?["groups"]?[0]?["subtotal"] == ["小计", "¥35.00"])
  }

  @Test("tables decode from minimal JSON, and an unknown kind is an error")
  func tableDecoding() throws {
    let text = #"{"kind": "table", "table": {"columns": ["类别", {"title": "金额"}], "groups": [{"title": "餐饮"}]}}"#
    let display = try JSONDecoder().decode(ToolDisplay.self, from: Data(text.utf8))
    guard case .table(let table) = display else {
      Issue.record("expected a table, got \(display)")
      return
    }
    #expect(table.columns == ["类别", "金额"])
    #expect(table.rows.isEmpty)
    #expect(table.groups == [ToolTable.Group(title: "餐饮", rows: [])])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ToolDisplay.self, from: Data(#"{"kind": "chart"}"#.utf8))
    }
  }

  @Test("key-value and list displays render as plain text with aligned keys")
  func plainText() {
    let card: ToolKeyValues = ["城市": "北京", "温度": "22°C", "UV": "3"]
    #expect(card["温度"] == "22°C")
    #expect(ToolDisplay.keyValues(card).plainText == "城市  北京\n温度  22°C\nUV    3")
    #expect(ToolDisplay.list(["a", "b"]).plainText == "• a\n• b")
    #expect(ToolDisplay.none.plainText.isEmpty)
    let ragged = ToolTable(
      columns: ["a", ToolTable.Column("b", alignment: .center)], rows: [["1"], ["22", "3", "x"]])
    #expect(ToolDisplay.table(ragged).plainText == "a   b\n--  -\n1\n22  3")
  }
}

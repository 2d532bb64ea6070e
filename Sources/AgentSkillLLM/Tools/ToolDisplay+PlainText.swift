extension ToolDisplay {
  /// The value as plain text for terminals and logs; columns line up in a
  /// monospaced font, Chinese, Japanese and Korean characters counting as two cells.
  ///
  /// ```swift
  /// print(ToolDisplay.keyValues(["城市": "北京", "温度": "22°C"]).plainText)
  /// // 城市  北京
  /// // 温度  22°C
  /// ```
  public var plainText: String {
    switch self {
    case .none: return ""
    case .text(let text): return text
    case .list(let items): return items.map { "• " + $0 }.joined(separator: "\n")
    case .keyValues(let values): return PlainTextLayout.keyValues(values)
    case .table(let table): return PlainTextLayout.table(table)
    }
  }
}

/// Monospaced layout of key-value pairs and tables.
enum PlainTextLayout {
  static func keyValues(_ values: ToolKeyValues) -> String {
    var lines: [String] = []
    if let title = values.title { lines.append(title) }
    let width = values.pairs.map { displayWidth($0.key) }.max() ?? 0
    for pair in values.pairs {
      lines.append(pad(pair.key, to: width, alignment: .leading) + "  " + pair.value)
    }
    return lines.joined(separator: "\n")
  }

  static func table(_ table: ToolTable) -> String {
    let columnCount = table.columns.count
    guard columnCount > 0 else { return table.title ?? "" }
    var bodyRows: [[String]] = table.rows
    for group in table.groups {
      bodyRows += group.rows
      if let subtotal = group.subtotal { bodyRows.append(subtotal) }
    }
    if let total = table.total { bodyRows.append(total) }
    var widths = table.columns.map { displayWidth($0.title) }
    for row in bodyRows {
      for (index, cell) in row.prefix(columnCount).enumerated() {
        widths[index] = max(widths[index], displayWidth(cell))
      }
    }
    func line(_ cells: [String]) -> String {
      var parts: [String] = []
      for index in 0..<columnCount {
        let cell = index < cells.count ? cells[index] : ""
        parts.append(pad(cell, to: widths[index], alignment: table.columns[index].alignment))
      }
      var text = parts.joined(separator: "  ")
      while text.last == " " { text.removeLast() }
      return text
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    var lines: [String] = []
    if let title = table.title { lines.append(title) }
    lines.append(line(table.columns.map(\.title)))
    lines.append(rule)
    lines += table.rows.map(line)
    for group in table.groups {
      lines.append("[\(group.title)]")
      lines += group.rows.map(line)
      if let subtotal = group.subtotal { lines.append(line(subtotal)) }
    }
    if let total = table.total {
      lines.append(rule)
      lines.append(line(total))
    }
    return lines.joined(separator: "\n")
  }

  static func pad(_ text: String, to width: Int, alignment: ToolTable.Alignment) -> String {
    let missing = max(0, width - displayWidth(text))
    switch alignment {
    case .leading: return text + String(repeating: " ", count: missing)
    case .trailing: return String(repeating: " ", count: missing) + text
    case .center:
      let left = missing / 2
      return String(repeating: " ", count: left) + text + String(repeating: " ", count: missing - left)
    }
  }

  /// Terminal cells `text` occupies: wide East Asian characters and emoji take two, marks none.
  static func displayWidth(_ text: String) -> Int {
    var width = 0
    for character in text {
      if character.unicodeScalars.contains(where: { isWide($0.value) }) {
        width += 2
      } else if let first = character.unicodeScalars.first, first.properties.generalCategory != .nonspacingMark,
        first.properties.generalCategory != .format
      {
        width += 1
      }
    }
    return width
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F1E6...0x1F1FF,
      0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}

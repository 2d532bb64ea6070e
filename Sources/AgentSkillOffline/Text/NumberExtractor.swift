import AgentSkillLLM

/// Finds numbers for numeric arguments: ASCII numbers anywhere (`3`, `35.5`,
/// `¥20`), Chinese numerals only before a unit (`三天`, `五条`), so words
/// such as `一下` are not read as numbers.
enum NumberExtractor {
  private static let chineseUnits = Lexicon(words: [
    "天", "日", "个", "次", "条", "笔", "元", "块", "人", "位", "小时", "分钟", "周", "星期", "月", "年", "度", "岁", "件",
    "本", "张", "页", "公里", "米", "斤", "份", "杯", "瓶", "只", "双", "台", "辆", "把", "盒", "包", "碗", "顿",
  ])

  /// The numbers outside `excluded`, in text order.
  static func numbers(in text: OfflineText, excluding excluded: [Range<Int>]) -> [NumberMention] {
    var found: [NumberMention] = []
    var index = 0
    func isExcluded(_ range: Range<Int>) -> Bool {
      excluded.contains { $0.overlaps(range) }
    }
    while index < text.count {
      if let decimal = OfflineNumber.decimal(in: text, at: index) {
        var range = index..<(index + decimal.length)
        var unit = self.unit(in: text, after: range.upperBound)?.word
        if let sign = text.character(at: index - 1), ["¥", "$", "€", "£", "￥"].contains(sign) {
          range = (index - 1)..<range.upperBound
          unit = String(sign)
        }
        var value = decimal.value
        if text.character(at: index - 1) == "-",
          !(text.character(at: index - 2).map(OfflineText.isASCIIWordCharacter) ?? false)
        {
          value = -value
          range = (index - 1)..<range.upperBound
        }
        if !isExcluded(range) {
          found.append(NumberMention(range: range, value: value, isInteger: decimal.isInteger, unit: unit))
        }
        index += decimal.length
        continue
      }
      if let chinese = OfflineNumber.chinese(in: text, at: index),
        let unit = text.longest(of: chineseUnits, at: index + chinese.length)
      {
        let range = index..<(index + chinese.length)
        if !isExcluded(range) {
          found.append(NumberMention(range: range, value: Double(chinese.value), isInteger: true, unit: unit.word))
        }
        index += chinese.length
        continue
      }
      index += 1
    }
    return found
  }

  /// The unit right after a number: a Chinese unit, or the next English word.
  private static func unit(in text: OfflineText, after index: Int) -> (word: String, length: Int)? {
    if let chinese = text.longest(of: chineseUnits, at: index) { return chinese }
    var position = index
    while text.character(at: position) == " " { position += 1 }
    guard let token = text.tokens.first(where: { $0.range.lowerBound == position }), token.kind == .word else {
      return nil
    }
    return (token.text, position + token.text.count - index)
  }

  /// Whether a property name and a number's unit belong together (`days` and `天`).
  static func unit(_ unit: String?, fits propertyName: String) -> Bool {
    guard let unit else { return false }
    let name = propertyName.lowercased()
    let groups: [([String], [String])] = [
      (["day", "days"], ["天", "日", "day", "days"]),
      (["week", "weeks"], ["周", "星期", "week", "weeks"]),
      (["hour", "hours"], ["小时", "hour", "hours", "hr", "hrs"]),
      (["minute", "minutes"], ["分钟", "minute", "minutes", "min", "mins"]),
      (["amount", "price", "cost", "money", "total"], ["元", "块", "¥", "￥", "$", "€", "£", "yuan", "dollars", "rmb"]),
      (
        ["count", "limit", "number", "max", "top", "size", "quantity"],
        [
          "个", "条", "笔", "次", "件", "杯", "瓶", "只", "双", "台", "辆", "把", "盒", "包", "碗", "份", "本", "张", "items",
          "entries", "results", "cups", "times",
        ]
      ),
      (["age"], ["岁", "years"]),
    ]
    for (names, units) in groups where names.contains(where: { name.contains($0) }) && units.contains(unit) {
      return true
    }
    return false
  }
}

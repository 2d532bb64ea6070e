import AgentSkillLLM

/// Numbers written with ASCII digits or Chinese numerals.
enum OfflineNumber {
  private static let digits: [Character: Int] = [
    "零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
  ]
  private static let units: [Character: Int] = ["十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000]

  /// The ASCII digits at `index`: their value and length (at most 9 digits).
  static func digits(in text: OfflineText, at index: Int) -> (value: Int, length: Int)? {
    var position = index
    var value = 0
    while let character = text.character(at: position), let digit = character.wholeNumberValue, character.isASCII {
      guard position - index < 9 else { return nil }
      value = value * 10 + digit
      position += 1
    }
    return position > index ? (value, position - index) : nil
  }

  /// A decimal number at `index` (`35`, `35.5`), not preceded by another digit.
  static func decimal(in text: OfflineText, at index: Int) -> (value: Double, length: Int, isInteger: Bool)? {
    if let previous = text.character(at: index - 1), previous.isASCII, previous.isNumber { return nil }
    guard let whole = digits(in: text, at: index) else { return nil }
    var length = whole.length
    if text.character(at: index + length) == ".", let fraction = digits(in: text, at: index + length + 1) {
      let digitsText = text.foldedText(index..<(index + length + 1 + fraction.length))
      if let value = Double(digitsText) { return (value, length + 1 + fraction.length, false) }
    }
    if text.character(at: index + length) == ",", let more = digits(in: text, at: index + length + 1),
      more.length == 3
    {
      length += 4
      return (Double(whole.value * 1000 + more.value), length, true)
    }
    return (Double(whole.value), length, true)
  }

  /// A Chinese numeral at `index` (`三`, `十五`, `二十三`, `一百零五`, `两`), at most 9999.
  static func chinese(in text: OfflineText, at index: Int) -> (value: Int, length: Int)? {
    var position = index
    var total = 0
    var pending = 0
    var sawUnit = false
    var sawDigit = false
    var positional: [Int] = []
    while let character = text.character(at: position) {
      if let digit = digits[character] {
        pending = digit
        positional.append(digit)
        sawDigit = true
      } else if let unit = units[character] {
        total += (pending == 0 ? 1 : pending) * unit
        pending = 0
        sawUnit = true
      } else {
        break
      }
      position += 1
    }
    guard position > index, sawDigit || sawUnit else { return nil }
    if !sawUnit {
      // 二零二六 is written digit by digit.
      guard positional.count <= 4 else { return nil }
      return (positional.reduce(0) { $0 * 10 + $1 }, position - index)
    }
    return (total + pending, position - index)
  }

  /// ASCII digits or a Chinese numeral at `index`.
  static func integer(in text: OfflineText, at index: Int) -> (value: Int, length: Int)? {
    if let previous = text.character(at: index - 1), previous.isASCII, previous.isNumber { return nil }
    return digits(in: text, at: index) ?? chinese(in: text, at: index)
  }
}

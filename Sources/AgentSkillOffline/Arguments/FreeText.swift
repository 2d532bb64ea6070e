import AgentSkillLLM
import Foundation

/// The words left for a free-text argument once dates, times, numbers and
/// chosen values are taken out: `明天下午三点提醒我开周会` → `开周会`,
/// `What's the weather in New York?` → `New York`.
///
/// The text is cut at every recognised span and at punctuation; each piece
/// loses filler words and the tool's own words at its edges (`帮我`, `一下`,
/// `提醒`, `remind me to`); the longest piece left wins.
enum FreeText {
  private static let chineseFillers = Lexicon(words: [
    "提醒我", "提醒一下", "帮我", "帮忙", "麻烦你", "麻烦", "请你", "请", "给我", "替我", "我想知道", "我想", "想知道", "我要", "告诉我",
    "查一下", "查一查", "查查", "查询", "查", "看一下", "看看", "一下", "记得", "记住", "别忘了", "我", "你", "的", "了",
    "吗", "呢", "吧", "啊", "呀", "嘛", "哦", "怎么样", "怎样", "如何", "是什么", "什么", "会不会", "有没有", "是否",
    "要", "在", "到", "然后", "并且", "并", "和", "还有", "那", "那么", "现在", "目前", "当前", "按", "把",
    "设置", "设个", "设一个", "创建", "新建", "添加", "加个", "一个", "个", "条", "能不能", "可以", "可不可以",
    "不对", "不是", "错了", "我是说", "我的意思是", "改成", "换成", "改为", "改到", "应该是", "是",
  ])
  private static let englishFillers: Set<String> = [
    "what", "what's", "whats", "how", "how's", "is", "are", "was", "the", "a", "an", "in", "at", "on", "for", "of",
    "to", "me", "my", "please", "can", "could", "would", "you", "will", "it", "it's", "be", "like", "tell", "show",
    "give", "i", "i'm", "about", "do", "does", "and", "then", "that", "this", "with", "by", "from", "going", "there",
    "any", "some", "us", "we", "our", "set", "create", "add", "make", "up", "so", "just", "need", "want",
    "let", "let's", "know", "get", "find", "check", "look", "hey", "hi", "ok", "okay", "pls", "plz",
    "no", "not", "meant", "mean", "actually", "instead", "sorry", "change", "make",
  ]
  private static let separators: Set<Character> = [
    "，", "。", ",", ".", "!", "?", "！", "？", "；", ";", "：", ":", "、", "\"", "“", "”", "「", "」", "『", "』", "(",
    ")", "（", "）", "[", "]", "【", "】", "\n", "\t", "《", "》", "~", "～",
  ]

  /// Stripped at the edges of a name (a city the list does not know), not of a title: `会下雨` is no city,
  /// `去健身房` is a whole reminder.
  private static let nameFillers = Lexicon(words: ["去", "会", "能", "想", "到"])

  /// The longest cleaned piece of `text` outside `taken`, or `nil` when nothing is left.
  ///
  /// - Parameters:
  ///   - text: The user's words.
  ///   - taken: Spans already used by other arguments or recognised as dates and times.
  ///   - terms: The tool's words, stripped at the edges of each piece.
  ///   - asName: Whether the piece names something (a list value): the tool's keywords (`下雨`, `rain`)
  ///     and `去`, `会` are stripped too, and a single character is no name.
  static func remainder(
    of text: OfflineText, excluding taken: [Range<Int>], terms: ToolTerms, asName: Bool = false
  ) -> String? {
    var isTaken = [Bool](repeating: false, count: text.count)
    for range in taken {
      for index in max(0, range.lowerBound)..<min(text.count, max(range.lowerBound, range.upperBound)) {
        isTaken[index] = true
      }
    }
    var pieces: [Range<Int>] = []
    var start: Int?
    for index in 0...text.count {
      let breaks = index == text.count || isTaken[index] || separators.contains(text.original[index])
      if breaks {
        if let begin = start, begin < index { pieces.append(begin..<index) }
        start = nil
      } else if start == nil {
        start = index
      }
    }
    var best: String?
    for piece in pieces {
      let cleaned = clean(text, piece, terms: terms, asName: asName)
      if !cleaned.isEmpty, cleaned.count > (best?.count ?? 0) { best = cleaned }
    }
    if asName, let name = best, name.count < 2 { return nil }
    return best
  }

  /// The piece without fillers and tool words at its edges, trimmed.
  private static func clean(_ text: OfflineText, _ piece: Range<Int>, terms: ToolTerms, asName: Bool) -> String {
    var lower = piece.lowerBound
    var upper = piece.upperBound
    var changed = true
    while changed, lower < upper {
      changed = false
      while lower < upper, text.original[lower].isWhitespace {
        lower += 1
        changed = true
      }
      while upper > lower, text.original[upper - 1].isWhitespace {
        upper -= 1
        changed = true
      }
      guard lower < upper else { break }
      if let length = leadingFiller(text, lower..<upper, terms: terms, asName: asName) {
        lower += length
        changed = true
        continue
      }
      if let length = trailingFiller(text, lower..<upper, terms: terms, asName: asName) {
        upper -= length
        changed = true
      }
    }
    let result = text.text(lower..<upper).trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
    return result
  }

  private static func leadingFiller(_ text: OfflineText, _ range: Range<Int>, terms: ToolTerms, asName: Bool) -> Int? {
    let first = text.folded[range.lowerBound]
    if OfflineText.isIdeograph(first) {
      if let filler = text.longest(of: chineseFillers, at: range.lowerBound), filler.length <= range.count {
        return filler.length
      }
      if asName, let filler = text.longest(of: nameFillers, at: range.lowerBound), filler.length < range.count {
        return filler.length
      }
      if asName, let keyword = terms.keywordLength(at: range.lowerBound, before: range.upperBound, in: text) {
        return keyword
      }
      if range.count >= 2 {
        let pair = String(text.folded[range.lowerBound...(range.lowerBound + 1)])
        if terms.bigrams.contains(pair) { return 2 }
      }
      return nil
    }
    if asName, let keyword = terms.keywordLength(at: range.lowerBound, before: range.upperBound, in: text) {
      return keyword
    }
    guard let token = text.tokens.first(where: { $0.range.lowerBound == range.lowerBound }), token.kind == .word,
      token.range.upperBound <= range.upperBound
    else { return nil }
    if englishFillers.contains(token.text) || terms.containsWord(token.text) { return token.range.count }
    return nil
  }

  private static func trailingFiller(_ text: OfflineText, _ range: Range<Int>, terms: ToolTerms, asName: Bool) -> Int? {
    let last = text.folded[range.upperBound - 1]
    if OfflineText.isIdeograph(last) {
      if let filler = chineseFillers.longest(in: text, endingAt: range.upperBound), filler.length <= range.count {
        return filler.length
      }
      if asName, let keyword = terms.keywordLength(endingAt: range.upperBound, after: range.lowerBound, in: text) {
        return keyword
      }
      if range.count >= 2 {
        let pair = String(text.folded[(range.upperBound - 2)...(range.upperBound - 1)])
        if terms.bigrams.contains(pair) { return 2 }
      }
      return nil
    }
    if asName, let keyword = terms.keywordLength(endingAt: range.upperBound, after: range.lowerBound, in: text) {
      return keyword
    }
    guard let token = text.tokens.last(where: { $0.range.upperBound == range.upperBound }), token.kind == .word,
      token.range.lowerBound >= range.lowerBound
    else { return nil }
    if englishFillers.contains(token.text) || terms.containsWord(token.text) { return token.range.count }
    return nil
  }
}

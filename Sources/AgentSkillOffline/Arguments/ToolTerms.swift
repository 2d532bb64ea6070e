import AgentSkillLLM
import Foundation

/// The words that name what a tool does — from its name and description —
/// used to score the tool against the user's text and to strip those words
/// from the free text left for arguments such as a reminder's title.
///
/// Chinese is compared by pairs of ideographs (`天气`, `记账`), other text
/// by words with a light stemming (`remind` matches `reminder`). Examples
/// in parentheses or after `e.g.` / `例如` are left out, so an example
/// title in a description is never stripped from the user's words.
struct ToolTerms: Sendable {
  /// Pairs of ideographs from the description.
  let bigrams: Set<String>
  /// Folded words of three letters or more from the name and description, stop words removed.
  let words: [String]
  /// The skill's keywords, folded, as characters (`下雨`, `my reminders`).
  let keywordPhrases: [[Character]]

  private static let stopBigrams: Set<String> = [
    "用户", "指定", "以及", "可以", "的话", "一个", "进行", "需要", "时候", "信息", "返回", "工具", "或者", "我们",
    "你们", "他们", "这个", "那个", "什么", "一下",
  ]
  static let stopWords: Set<String> = [
    "the", "and", "for", "with", "from", "that", "this", "what", "when", "where", "which", "who", "how", "into",
    "onto", "about", "user", "users", "given", "specified", "tool", "tools", "returns", "return", "use", "used",
    "using", "are", "was", "were", "will", "can", "may", "its", "their", "them", "they", "you", "your", "any",
    "all", "each", "per", "one", "two", "get", "set", "run", "api", "call", "calls", "also", "not", "only",
    "such", "like", "other", "some", "more", "most", "than", "then", "there", "here", "has", "have", "had",
    "does", "did", "done", "via", "etc", "e.g", "i.e", "based", "between", "within", "over", "under",
  ]

  init(name: String, description: String, keywords: [String] = []) {
    keywordPhrases = keywords.map { Array(OfflineText.foldString($0.trimmingCharacters(in: .whitespaces))) }
      .filter { !$0.isEmpty }
    let cleaned = Self.withoutExamples(description)
    var bigrams: Set<String> = []
    let characters = Array(cleaned)
    if characters.count >= 2 {
      for index in 0..<(characters.count - 1)
      where OfflineText.isIdeograph(characters[index]) && OfflineText.isIdeograph(characters[index + 1]) {
        let pair = String(characters[index...(index + 1)])
        if !Self.stopBigrams.contains(pair) { bigrams.insert(pair) }
      }
    }
    self.bigrams = bigrams
    var words: [String] = []
    for word in Self.splitName(name) + Self.asciiWords(cleaned)
    where word.count >= 3 && !Self.stopWords.contains(word) && !words.contains(word) {
      words.append(word)
    }
    self.words = words
  }

  /// Whether the tool is about days to come (a forecast, `预报`, `未来`), so a
  /// bare weekday in its date means the next one rather than this week's.
  var looksAhead: Bool {
    words.contains { ["forecast", "forecasts", "upcoming", "future"].contains($0) }
      || ["预报", "未来"].contains { bigrams.contains($0) }
  }

  /// How many distinct terms the text contains, and where.
  func matches(in text: OfflineText) -> (count: Int, ranges: [Range<Int>]) {
    var matched: Set<String> = []
    var ranges: [Range<Int>] = []
    if !bigrams.isEmpty, text.count >= 2 {
      for index in 0..<(text.count - 1) {
        let pair = String(text.folded[index...(index + 1)])
        if bigrams.contains(pair) {
          matched.insert(pair)
          ranges.append(index..<(index + 2))
        }
      }
    }
    for token in text.tokens where token.kind == .word {
      if let word = words.first(where: { Self.sameWord($0, token.text) }) {
        matched.insert(word)
        ranges.append(token.range)
      }
    }
    return (matched.count, ranges)
  }

  /// The keywords found in the text (an ASCII keyword must start a word: `reminder` in "reminders"),
  /// and the length of the longest, in characters.
  func keywordMatches(in text: OfflineText) -> (count: Int, longest: Int) {
    var count = 0
    var longest = 0
    for phrase in keywordPhrases
    where (0..<max(0, text.count - phrase.count + 1)).contains(where: { index in
      text.has(phrase, at: index) && (phrase.first.map { !$0.isASCII } ?? true || text.startsWord(at: index))
    }) {
      count += 1
      longest = max(longest, phrase.count)
    }
    return (count, longest)
  }

  /// The length of the longest keyword at `index` that ends by `end` (and ends a word when ASCII).
  func keywordLength(at index: Int, before end: Int, in text: OfflineText) -> Int? {
    keywordPhrases.filter { phrase in
      index + phrase.count <= end && text.has(phrase, at: index)
        && (phrase.last.map { !$0.isASCII } ?? true || text.endsWord(at: index + phrase.count))
    }.map(\.count).max()
  }

  /// The length of the longest keyword ending at `end` that starts at or after `start` (and starts a
  /// word when ASCII).
  func keywordLength(endingAt end: Int, after start: Int, in text: OfflineText) -> Int? {
    keywordPhrases.filter { phrase in
      end - phrase.count >= start && text.has(phrase, at: end - phrase.count)
        && (phrase.first.map { !$0.isASCII } ?? true || text.startsWord(at: end - phrase.count))
    }.map(\.count).max()
  }

  /// Whether the folded `word` is one of the terms (for English) — used when trimming free text.
  func containsWord(_ word: String) -> Bool {
    words.contains { Self.sameWord($0, word) }
  }

  /// Equal, a plural, or one a prefix of the other with at least four letters (`remind`, `reminder`).
  static func sameWord(_ lhs: String, _ rhs: String) -> Bool {
    if lhs == rhs { return true }
    let (short, long) = lhs.count <= rhs.count ? (lhs, rhs) : (rhs, lhs)
    if long == short + "s" || long == short + "es" { return true }
    return short.count >= 4 && long.hasPrefix(short) && long.count - short.count <= 4
  }

  /// `ledger_query` → `ledger`, `query`; `getWeather` → `get`, `weather`.
  static func splitName(_ name: String) -> [String] {
    var words: [String] = []
    var current = ""
    var previousWasLower = false
    for character in name {
      if character == "_" || character == "-" || character == "." || character == " " {
        if !current.isEmpty { words.append(current.lowercased()) }
        current = ""
        previousWasLower = false
        continue
      }
      if character.isUppercase, previousWasLower, !current.isEmpty {
        words.append(current.lowercased())
        current = ""
      }
      current.append(character)
      previousWasLower = character.isLowercase || character.isNumber
    }
    if !current.isEmpty { words.append(current.lowercased()) }
    return words
  }

  private static func asciiWords(_ text: String) -> [String] {
    OfflineToken.tokenize(Array(text).map(OfflineText.fold)).filter { $0.kind == .word }.map(\.text)
  }

  /// The description without its examples: parenthesised parts that start
  /// with an example marker (`（如开会、吃药）`, `(e.g. "call mom")`) and what
  /// follows a marker in a sentence.
  static func withoutExamples(_ description: String) -> String {
    var result = ""
    var group = ""
    var depth = 0
    for character in description {
      switch character {
      case "(", "（", "[", "【":
        if depth > 0 { group.append(character) }
        depth += 1
      case ")", "）", "]", "】":
        depth = max(0, depth - 1)
        if depth == 0 {
          if !isExample(group) { result += " " + group + " " }
          group = ""
        } else {
          group.append(character)
        }
      default:
        if depth == 0 { result.append(character) } else { group.append(character) }
      }
    }
    if !isExample(group) { result += group }
    var sentences: [String] = []
    var sentence = ""
    for character in result {
      sentence.append(character)
      if ["。", ";", "；", "\n"].contains(character) {
        sentences.append(sentence)
        sentence = ""
      }
    }
    sentences.append(sentence)
    return sentences.map { sentence in
      var cut = sentence
      for marker in markers {
        if let range = cut.range(of: marker, options: .caseInsensitive) { cut = String(cut[..<range.lowerBound]) }
      }
      return cut
    }.joined(separator: " ")
  }

  private static let markers = ["e.g.", "例如", "比如", "such as", "for example", "如：", "如:"]

  private static func isExample(_ group: String) -> Bool {
    let trimmed = group.trimmingCharacters(in: .whitespaces).lowercased()
    return ["如", "例如", "比如", "e.g", "eg ", "such as", "for example", "example", "ex:", "like "]
      .contains { trimmed.hasPrefix($0) }
  }
}

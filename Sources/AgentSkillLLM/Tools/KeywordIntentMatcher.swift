import Foundation

/// Scores an intent by tags and keywords; the default behind ``ToolSkill/canHandle(_:)``.
///
/// * A **tag hit** is a skill tag (or the skill's id) among the intent's
///   ``UserRequest/tags``. The first is worth 0.6, each further one 0.15 (at most 0.9).
/// * A **keyword hit** is a keyword found in the intent's text. The first is
///   worth 0.45, each further one 0.15 (at most 0.9).
/// * The two combine as independent evidence: `1 − (1 − tags) × (1 − keywords)`,
///   so one tag and one keyword give 0.78.
///
/// Matching ignores case and full-width versus half-width forms
/// (`WEATHER`, `ｗｅａｔｈｅｒ` and `weather` are the same). Keywords are found
/// anywhere in the text (`天气` in `今天天气怎么样`), except that a keyword
/// starting with an ASCII letter or digit must start a word: `rain` matches
/// "rainy day" but not "train". Keep Chinese keywords at two characters or
/// more — `天` alone would match `今天`.
///
/// ```swift
/// let matcher = KeywordIntentMatcher(tags: ["weather"], keywords: ["天气", "下雨", "weather", "forecast"])
/// matcher.match("今天天气怎么样？")          // 0.45 (matched keyword "天气")
/// matcher.match(UserRequest("Will it rain?", tags: ["weather"]))   // 0.60 (matched tag "weather")
/// matcher.match("你今天吃了吗")              // 0.00 (no tag or keyword matched)
/// ```
///
/// The folded keywords are computed once, in `init`; ``match(_:)`` allocates
/// nothing unless something matched.
public struct KeywordIntentMatcher: Sendable, Hashable {
  /// The worth of the first tag hit.
  public static let firstTagScore = 0.6
  /// The worth of the first keyword hit.
  public static let firstKeywordScore = 0.45
  /// What each further hit of the same kind adds.
  public static let additionalHitScore = 0.15
  /// The most either kind of hit contributes on its own.
  public static let maximumPartialScore = 0.9

  /// The tags, as given.
  public var tags: [String] { storage.tags }
  /// The keywords, as given.
  public var keywords: [String] { storage.keywords }

  private let storage: Storage

  /// The folded terms, flattened so matching walks contiguous memory.
  private final class Storage: Sendable {
    let tags: [String]
    let keywords: [String]
    /// Folded tags, deduplicated, and how each was written.
    let tagKeys: [String]
    let tagWritten: [String]
    /// Every folded keyword's UTF-8 bytes, back to back.
    let keywordBytes: [UInt8]
    /// Where each keyword starts and ends in `keywordBytes`.
    let keywordBounds: [Range<Int>]
    /// Whether each keyword must start a word (it starts with an ASCII letter or digit).
    let keywordWordStart: [Bool]
    let keywordWritten: [String]

    init(tags: [String], keywords: [String]) {
      self.tags = tags
      self.keywords = keywords
      var seen: Set<String> = []
      var tagKeys: [String] = []
      var tagWritten: [String] = []
      for tag in tags {
        let folded = TextFolding.fold(tag.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !folded.isEmpty, seen.insert(folded).inserted else { continue }
        tagKeys.append(folded)
        tagWritten.append(tag)
      }
      self.tagKeys = tagKeys
      self.tagWritten = tagWritten
      seen = []
      var bytes: [UInt8] = []
      var bounds: [Range<Int>] = []
      var wordStart: [Bool] = []
      var written: [String] = []
      for keyword in keywords {
        let folded = TextFolding.fold(keyword.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !folded.isEmpty, seen.insert(folded).inserted else { continue }
        let start = bytes.count
        bytes.append(contentsOf: folded.utf8)
        bounds.append(start..<bytes.count)
        wordStart.append(folded.utf8.first.map(TextFolding.isASCIIWordByte) ?? false)
        written.append(keyword)
      }
      self.keywordBytes = bytes
      self.keywordBounds = bounds
      self.keywordWordStart = wordStart
      self.keywordWritten = written
    }

    /// The tags found among the intent's tags, by position.
    func tagHits(_ intent: UserRequest) -> [Int] {
      guard !intent.foldedTags.isEmpty else { return [] }
      return tagKeys.indices.filter { intent.foldedTags.contains(tagKeys[$0]) }
    }

    /// How many keywords occur in the intent's text; their positions when `collect` is set.
    func keywordHits(_ intent: UserRequest, collect: Bool) -> (count: Int, positions: [Int]) {
      guard !intent.foldedText.isEmpty, !keywordBounds.isEmpty else { return (0, []) }
      var count = 0
      var positions: [Int] = []
      let text = intent.foldedText
      for index in keywordBounds.indices {
        let needle = keywordBytes[keywordBounds[index]]
        guard intent.bigrams.mayContain(needle),
          TextFolding.contains(text, needle, wordStart: keywordWordStart[index])
        else { continue }
        count += 1
        if collect { positions.append(index) }
      }
      return (count, positions)
    }
  }

  /// Creates a matcher; empty and repeated terms (after folding) are dropped.
  ///
  /// - Parameters:
  ///   - tags: Labels compared with the intent's tags.
  ///   - keywords: Words searched for in the intent's text, in every language users write.
  public init(tags: [String], keywords: [String]) {
    self.storage = Storage(tags: tags, keywords: keywords)
  }

  /// Whether the matcher has no tags and no keywords, so it never matches.
  public var isEmpty: Bool { storage.tagKeys.isEmpty && storage.keywordBounds.isEmpty }

  /// Scores `intent`.
  ///
  /// - Parameter intent: What the user asked for.
  /// - Returns: The score and the tags and keywords that matched; ``IntentMatch/noMatch`` when none did.
  public func match(_ intent: UserRequest) -> IntentMatch {
    let storage = self.storage
    let tagHits = storage.tagHits(intent)
    let keywordCount = storage.keywordHits(intent, collect: false).count
    guard !tagHits.isEmpty || keywordCount > 0 else { return .noMatch }
    let tagPart = Self.partialScore(hits: tagHits.count, first: Self.firstTagScore)
    let keywordPart = Self.partialScore(hits: keywordCount, first: Self.firstKeywordScore)
    let score =
      tagPart == 0 ? keywordPart : keywordPart == 0 ? tagPart : 1 - (1 - tagPart) * (1 - keywordPart)
    var parts: [String] = []
    if !tagHits.isEmpty {
      let names = tagHits.map { "\"\(storage.tagWritten[$0])\"" }
      parts.append((names.count == 1 ? "tag " : "tags ") + names.joined(separator: ", "))
    }
    if keywordCount > 0 {
      let names = storage.keywordHits(intent, collect: true).positions.map { "\"\(storage.keywordWritten[$0])\"" }
      parts.append((names.count == 1 ? "keyword " : "keywords ") + names.joined(separator: ", "))
    }
    return IntentMatch(score: score, reason: "matched " + parts.joined(separator: "; "))
  }

  private static func partialScore(hits: Int, first: Double) -> Double {
    guard hits > 0 else { return 0 }
    return min(maximumPartialScore, first + additionalHitScore * Double(hits - 1))
  }

  /// Matchers are equal when their tags and keywords are.
  public static func == (lhs: KeywordIntentMatcher, rhs: KeywordIntentMatcher) -> Bool {
    lhs.tags == rhs.tags && lhs.keywords == rhs.keywords
  }

  /// Hashes the tags and keywords.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(tags)
    hasher.combine(keywords)
  }
}

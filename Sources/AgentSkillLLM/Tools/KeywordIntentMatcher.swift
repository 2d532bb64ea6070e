import Foundation

/// Scores an intent by tags and keywords; the default behind ``ToolSkill/canHandle(_:)``.
///
/// * A **tag hit** is a skill tag (or the skill's id) among the intent's
///   ``UserIntent/tags``. The first is worth 0.6, each further one 0.15 (at most 0.9).
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
/// matcher.match(UserIntent("Will it rain?", tags: ["weather"]))   // 0.60 (matched tag "weather")
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
  public let tags: [String]
  /// The keywords, as given.
  public let keywords: [String]

  private let tagTerms: [Term]
  private let keywordTerms: [Term]

  /// A folded term and how it was written.
  private struct Term: Sendable, Hashable {
    let written: String
    let folded: String
    let bytes: [UInt8]
    let wordStart: Bool
  }

  /// Creates a matcher; empty and repeated terms (after folding) are dropped.
  ///
  /// - Parameters:
  ///   - tags: Labels compared with the intent's tags.
  ///   - keywords: Words searched for in the intent's text, in every language users write.
  public init(tags: [String], keywords: [String]) {
    self.tags = tags
    self.keywords = keywords
    self.tagTerms = Self.terms(tags)
    self.keywordTerms = Self.terms(keywords)
  }

  /// Whether the matcher has no tags and no keywords, so it never matches.
  public var isEmpty: Bool { tagTerms.isEmpty && keywordTerms.isEmpty }

  /// Scores `intent`.
  ///
  /// - Parameter intent: What the user asked for.
  /// - Returns: The score and the tags and keywords that matched; ``IntentMatch/noMatch`` when none did.
  public func match(_ intent: UserIntent) -> IntentMatch {
    var tagHits = 0
    if !intent.foldedTags.isEmpty {
      for term in tagTerms where intent.foldedTags.contains(term.folded) { tagHits += 1 }
    }
    var keywordHits = 0
    if !intent.foldedText.isEmpty {
      for term in keywordTerms where TextFolding.contains(intent.foldedText, term.bytes, wordStart: term.wordStart) {
        keywordHits += 1
      }
    }
    guard tagHits > 0 || keywordHits > 0 else { return .noMatch }
    let tagPart = Self.partialScore(hits: tagHits, first: Self.firstTagScore)
    let keywordPart = Self.partialScore(hits: keywordHits, first: Self.firstKeywordScore)
    let score = 1 - (1 - tagPart) * (1 - keywordPart)
    return IntentMatch(score: score, reason: reason(for: intent, tagHits: tagHits, keywordHits: keywordHits))
  }

  private static func partialScore(hits: Int, first: Double) -> Double {
    guard hits > 0 else { return 0 }
    return min(maximumPartialScore, first + additionalHitScore * Double(hits - 1))
  }

  /// `matched tags "weather", "forecast"; keyword "天气"`.
  private func reason(for intent: UserIntent, tagHits: Int, keywordHits: Int) -> String {
    var parts: [String] = []
    if tagHits > 0 {
      let hits = tagTerms.filter { intent.foldedTags.contains($0.folded) }.map { "\"\($0.written)\"" }
      parts.append((hits.count == 1 ? "tag " : "tags ") + hits.joined(separator: ", "))
    }
    if keywordHits > 0 {
      let hits = keywordTerms.filter {
        TextFolding.contains(intent.foldedText, $0.bytes, wordStart: $0.wordStart)
      }.map { "\"\($0.written)\"" }
      parts.append((hits.count == 1 ? "keyword " : "keywords ") + hits.joined(separator: ", "))
    }
    return "matched " + parts.joined(separator: "; ")
  }

  private static func terms(_ words: [String]) -> [Term] {
    var seen: Set<String> = []
    var result: [Term] = []
    for word in words {
      let folded = TextFolding.fold(word.trimmingCharacters(in: .whitespacesAndNewlines))
      guard !folded.isEmpty, seen.insert(folded).inserted else { continue }
      let bytes = Array(folded.utf8)
      result.append(
        Term(
          written: word,
          folded: folded,
          bytes: bytes,
          wordStart: bytes.first.map(TextFolding.isASCIIWordByte) ?? false
        )
      )
    }
    return result
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

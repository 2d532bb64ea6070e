import AgentSkill
import Foundation

/// The texts the built-in list skills show: loading and refreshing hints,
/// the empty state and the failure messages.
///
/// English by default; ``simplifiedChinese`` holds the same texts in
/// Simplified Chinese, and ``init(locale:)`` picks the user's language. The
/// texts come from the library's String Catalog (``/AgentSkill/AgentSkillLocalization``).
/// Change any of them per screen:
///
/// ```swift
/// var strings = ListStrings.english
/// strings.empty = "No messages yet. Say hello!"
/// let load = ListLoadSkill<Message>(strings: strings, fetch: api.messages)
/// ```
public struct ListStrings: Hashable, Sendable, Codable {
  /// The hint while the first page loads (`"Loading…"`).
  public var loading: String
  /// The hint while the list refreshes (`"Refreshing…"`).
  public var refreshing: String
  /// The hint while a failed load is retried, or `nil` to keep the loading hint.
  public var retrying: String?
  /// The empty state's hint (`"Nothing here yet."`).
  public var empty: String
  /// The fallback prompt when loading failed after every retry.
  public var failure: String
  /// The message when the next page failed to load.
  public var loadMoreFailure: String
  /// The message when a stream broke off (``MessageStreamSkill``).
  public var streamFailure: String
  /// The message on an item whose send failed (``MessageSendSkill``).
  public var sendFailure: String

  /// Creates a set of texts.
  ///
  /// - Parameters:
  ///   - loading: The hint while the first page loads.
  ///   - refreshing: The hint while the list refreshes.
  ///   - retrying: The hint while a failed load is retried, or `nil` to keep the loading hint.
  ///   - empty: The empty state's hint.
  ///   - failure: The fallback prompt when loading failed after every retry.
  ///   - loadMoreFailure: The message when the next page failed to load.
  ///   - streamFailure: The message when a stream broke off.
  ///   - sendFailure: The message on an item whose send failed.
  public init(
    loading: String, refreshing: String, retrying: String?, empty: String, failure: String,
    loadMoreFailure: String, streamFailure: String, sendFailure: String
  ) {
    self.loading = loading
    self.refreshing = refreshing
    self.retrying = retrying
    self.empty = empty
    self.failure = failure
    self.loadMoreFailure = loadMoreFailure
    self.streamFailure = streamFailure
    self.sendFailure = sendFailure
  }

  /// The texts in the library's localization closest to `locale`, from its
  /// String Catalog (keys `list.loading`, `list.empty`, … of table
  /// ``/AgentSkill/AgentSkillLocalization/table``; an app's own `AgentSkill.xcstrings`
  /// overrides them).
  ///
  /// The texts are resolved here, once: create the strings when you create
  /// the agent, with the user's locale.
  ///
  /// ```swift
  /// let strings = ListStrings(locale: Locale(identifier: "zh-Hans"))
  /// // strings.loading == "正在加载…"
  /// ```
  ///
  /// - Parameter locale: The locale to show the texts in.
  public init(locale: Locale) {
    self.init(localization: AgentSkillLocalization.localization(for: locale))
  }

  /// The texts of one of the catalog's localizations (`"en"`, `"zh-Hans"`).
  init(localization: String) {
    func text(_ key: String) -> String {
      AgentSkillLocalization.text(forKey: "list." + key, localization: localization)
    }
    self.init(
      loading: text("loading"), refreshing: text("refreshing"), retrying: text("retrying"),
      empty: text("empty"), failure: text("failure"), loadMoreFailure: text("loadMoreFailure"),
      streamFailure: text("streamFailure"), sendFailure: text("sendFailure"))
  }

  /// The English texts, the default (`"Loading…"`, `"Nothing here yet."`),
  /// from the catalog's `en` localization.
  public static let english = ListStrings(localization: "en")

  /// The texts in Simplified Chinese (`"正在加载…"`, `"加载失败，请检查网络后重试"`),
  /// from the catalog's `zh-Hans` localization.
  public static let simplifiedChinese = ListStrings(localization: "zh-Hans")
}

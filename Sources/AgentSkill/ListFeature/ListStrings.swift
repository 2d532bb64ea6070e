/// The texts the built-in list skills show: loading and refreshing hints,
/// the empty state and the failure messages.
///
/// English by default; ``simplifiedChinese`` holds the same texts in
/// Simplified Chinese. Change
/// any of them per screen:
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
  /// The message when a stream broke off.
  public var streamFailure: String
  /// The message on an item whose send failed.
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

  /// The English texts, the default.
  public static let english = ListStrings(
    loading: "Loading…",
    refreshing: "Refreshing…",
    retrying: "Retrying…",
    empty: "Nothing here yet.",
    failure: "Loading failed. Check your connection and try again.",
    loadMoreFailure: "Couldn't load more. Tap to try again.",
    streamFailure: "The reply was interrupted.",
    sendFailure: "Not sent. Tap to try again.")

  /// The texts in Simplified Chinese (`"正在加载…"`, `"加载失败，请检查网络后重试"`).
  public static let simplifiedChinese = ListStrings(
    loading: "正在加载…",
    refreshing: "正在刷新…",
    retrying: "正在重试…",
    empty: "这里还没有任何消息",
    failure: "加载失败，请检查网络后重试",
    loadMoreFailure: "加载更多失败，点击重试",
    streamFailure: "回复中断了",
    sendFailure: "发送失败，点击重试")
}

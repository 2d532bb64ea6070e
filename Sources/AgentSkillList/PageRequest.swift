import AgentSkill

/// What a list skill asks its data source for: a page (the first when
/// ``cursor`` is `nil`), why, and which attempt this is.
///
/// ```swift
/// ListLoadSkill<Message> { request in
///   if request.reason == .refresh { await cache.invalidate() }
///   return try await api.messages(page: request.cursor?.pageNumber ?? 1)
/// }
/// ```
public struct PageRequest: Hashable, Sendable, Codable {
  /// Why a page is requested.
  public enum Reason: String, Hashable, Sendable, Codable {
    /// The first load of the list (``ListIntent/load``).
    case load
    /// A pull to refresh (``ListIntent/refresh``): skip caches.
    case refresh
    /// The user retried after a failure (``ListIntent/retry``).
    case retry
    /// The next page, asked for by the user or prefetched (``ListIntent/loadMore``).
    case loadMore
  }

  /// Where the page starts; `nil` for the first page.
  public var cursor: PageCursor?
  /// Why the page is requested.
  public var reason: Reason
  /// The attempt number, from 1; above 1 when an earlier attempt failed and
  /// the skill retries.
  public var attempt: Int

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - cursor: Where the page starts; `nil` for the first page.
  ///   - reason: Why the page is requested.
  ///   - attempt: The attempt number, from 1. Defaults to 1.
  public init(cursor: PageCursor?, reason: Reason, attempt: Int = 1) {
    self.cursor = cursor
    self.reason = reason
    self.attempt = attempt
  }

  /// Whether the request is for the first page.
  public var isFirstPage: Bool { cursor == nil }
}

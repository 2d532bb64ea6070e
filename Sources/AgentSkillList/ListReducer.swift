import AgentSkill
import Foundation

/// The reducer of the standard list feature: applies a ``ListEffect`` to a
/// ``ListContext`` and returns the follow-up intents, so a typical list
/// screen needs no reducer of its own.
///
/// ```swift
/// let fetch: @Sendable (PageRequest) async throws -> Page<Message> = api.messages
/// let agent = Agent(
///   context: ListContext<Message>(),
///   skills: [ListLoadSkill(fetch: fetch), ListPaginationSkill(fetch: fetch)],
///   reduce: ListReducer.reduce,
///   mapFailure: ListReducer.mapFailure())
/// ```
///
/// (``ListAgent`` and `Agent(list:skills:)` pass both for you.)
///
/// Orchestration lives here, not in the skills (a skill does one thing and
/// does not know which intent should come next): when a page arrives and
/// another one follows, ``reducer(prefetchPages:)`` sends
/// ``ListIntent/loadMore`` to prefetch it; ``reduce(_:_:)`` waits for the
/// view to ask.
///
/// To add behaviour, wrap it rather than copy it:
///
/// ```swift
/// let agent = Agent(
///   context: ListContext<Message>(),
///   skills: [ListLoadSkill(fetch: api.messages)],
///   reduce: { context, effect in
///     let followUps = ListReducer.reduce(&context, effect)
///     if case .replaceItems(let items, _) = effect { print("\(items.count) messages") }
///     return followUps
///   })
/// ```
public enum ListReducer {
  /// Applies `effect` to `context`. Nothing is prefetched: the next page
  /// loads when the view reports that the last rows appeared
  /// (``ListIntent/loadMore`` from the last row's `onAppear`).
  ///
  /// - Parameters:
  ///   - context: The list's context.
  ///   - effect: The effect to apply.
  /// - Returns: The follow-up intents (none).
  public static func reduce<Item>(_ context: inout ListContext<Item>, _ effect: ListEffect<Item>)
    -> [ListIntent<Item>]
  {
    reduce(&context, effect, prefetchPages: 0)
  }

  /// A reducer that prefetches up to `prefetchPages` pages after the first
  /// one: each arriving page sends ``ListIntent/loadMore`` while another page
  /// follows and at most `prefetchPages` pages beyond the first are shown.
  ///
  /// ```swift
  /// let agent = Agent(
  ///   context: ListContext<Message>(), skills: [ListLoadSkill(fetch: api.messages)],
  ///   reduce: ListReducer.reducer(prefetchPages: 1))
  /// ```
  ///
  /// - Parameter prefetchPages: How many pages to load ahead after the first
  ///   page, whether or not the user scrolls: 0 (``reduce(_:_:)``) waits for
  ///   the view to ask, 1 loads the second page at once.
  /// - Returns: The reducer.
  public static func reducer<Item>(prefetchPages: Int)
    -> @MainActor @Sendable (inout ListContext<Item>, ListEffect<Item>) -> [ListIntent<Item>]
  {
    let pages = max(prefetchPages, 0)
    return { context, effect in reduce(&context, effect, prefetchPages: pages) }
  }

  /// Turns an error thrown by a custom skill on a list agent into the
  /// matching failure effect, with `strings`' texts; the built-in skills
  /// report their failures themselves and never need it.
  ///
  /// ```swift
  /// let agent = Agent(
  ///   context: ListContext<Message>(), skills: [ListLoadSkill(fetch: api.messages)],
  ///   reduce: ListReducer.reduce, mapFailure: ListReducer.mapFailure(strings: .english))
  /// ```
  ///
  /// - Parameter strings: The texts of the failure messages. Defaults to
  ///   the library's String Catalog in the current locale.
  /// - Returns: The mapping, for the agent's `mapFailure`.
  public static func mapFailure<Item>(strings: ListStrings = ListStrings(locale: .current))
    -> @MainActor @Sendable (any Error, ListIntent<Item>) -> ListEffect<Item>?
  {
    { error, intent in failureEffect(for: error, intent: intent, strings: strings) }
  }

  static func failureEffect<Item>(for error: any Error, intent: ListIntent<Item>, strings: ListStrings)
    -> ListEffect<Item>?
  {
    switch intent {
    case .load, .retry:
      .setFailure(ListError(operation: .load, message: strings.failure, error: error))
    case .refresh:
      .setFailure(ListError(operation: .refresh, message: strings.failure, error: error))
    case .loadMore:
      .loadMoreFailed(ListError(operation: .loadMore, message: strings.loadMoreFailure, error: error))
    }
  }

  // MARK: - Applying effects

  static func reduce<Item>(_ context: inout ListContext<Item>, _ effect: ListEffect<Item>, prefetchPages: Int)
    -> [ListIntent<Item>]
  {
    switch effect {
    case .setLoading(let hint):
      context.phase = .loading(hint)
      context.isLoadingMore = false
    case .setLoaded:
      context.phase = .loaded
    case .setEmpty(let hint):
      context.items.removeAll()
      context.phase = .empty(hint)
      context.nextPage = nil
      context.isLoadingMore = false
      context.loadedPages = 1
      context.loadMoreError = nil
    case .setFailure(let error):
      context.phase = .failure(error)
      context.isLoadingMore = false
    case .replaceItems(let items, let next):
      context.items = items
      context.nextPage = next
      context.isLoadingMore = false
      context.loadedPages = 1
      context.phase = .loaded
      context.loadMoreError = nil
      return prefetch(context, prefetchPages: prefetchPages)
    case .appendItems(let items):
      guard !items.isEmpty else { break }
      context.items.append(contentsOf: items)
      context.phase = .loaded
    case .prependItems(let items):
      guard !items.isEmpty else { break }
      context.items.insert(contentsOf: items, at: 0)
      context.phase = .loaded
    case .updateItem(let item):
      if let index = context.items.firstIndex(where: { $0.id == item.id }) { context.items[index] = item }
    case .removeItems(let ids):
      let removed = Set(ids)
      context.items.removeAll { removed.contains($0.id) }
    case .setLoadingMore(let isLoading):
      context.isLoadingMore = isLoading
    case .appendPage(let items, let next):
      appendPage(&context, items)
      context.nextPage = next
      context.isLoadingMore = false
      context.loadedPages += 1
      context.loadMoreError = nil
      return prefetch(context, prefetchPages: prefetchPages)
    case .loadMoreFailed(let error):
      context.isLoadingMore = false
      context.loadMoreError = error
    }
    return []
  }

  /// `[.loadMore]` while another page follows and fewer than
  /// `prefetchPages` pages beyond the first are shown.
  private static func prefetch<Item>(_ context: ListContext<Item>, prefetchPages: Int) -> [ListIntent<Item>] {
    guard context.nextPage != nil, context.loadedPages <= prefetchPages else { return [] }
    return [.loadMore]
  }

  /// Appends a page, skipping items the list already holds (offset-based
  /// pages shift when items are inserted on the server).
  private static func appendPage<Item>(_ context: inout ListContext<Item>, _ items: [Item]) {
    guard !items.isEmpty else { return }
    if context.items.isEmpty {
      context.items = items
    } else {
      var known = Set(context.items.map(\.id))
      context.items.append(contentsOf: items.filter { known.insert($0.id).inserted })
    }
    context.phase = .loaded
  }
}

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
/// does not know which intent should come next):
/// - when the first page arrives and another one follows, the reducer sends
///   ``ListIntent/loadMore`` to prefetch it (``reducer(prefetchPages:)``
///   prefetches more pages, or none);
/// - when an item is inserted as pending, or marked pending again for a
///   retry, it sends ``ListIntent/deliver(_:)`` to send it to the server.
///
/// To add behaviour, wrap it rather than copy it:
///
/// ```swift
/// let agent = Agent(
///   context: ListContext<Message>(),
///   skills: [ListLoadSkill(fetch: api.messages), ListSendSkill(submit: api.send)],
///   reduce: { context, effect in
///     var followUps = ListReducer.reduce(&context, effect)
///     if case .confirmSend(_, let message) = effect { followUps.append(.stream(message.text)) }
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
      return .setFailure(ListError(operation: .load, message: strings.failure, error: error))
    case .refresh:
      return .setFailure(ListError(operation: .refresh, message: strings.failure, error: error))
    case .loadMore:
      return .loadMoreFailed(ListError(operation: .loadMore, message: strings.loadMoreFailure, error: error))
    case .stream:
      return .failStream(ListError(operation: .stream, message: strings.streamFailure, error: error))
    case .send(let item):
      return .markSendFailed(item.id, strings.sendFailure)
    case .retrySend(let id):
      return .markSendFailed(id, strings.sendFailure)
    case .deliver(let id):
      return .markSendFailed(id, strings.sendFailure)
    case .cancelStream, .discardSend:
      return nil
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
      if context.sendStates.isEmpty {
        context.items.removeAll()
      } else {
        let unconfirmed = context.sendStates
        context.items.removeAll { unconfirmed[$0.id] == nil }
      }
      context.phase = context.items.isEmpty ? .empty(hint) : .loaded
      context.nextPage = nil
      context.isLoadingMore = false
      context.loadedPages = 1
      context.error = nil
    case .setFailure(let error):
      context.phase = .failure(error.message)
      context.error = error
      context.isLoadingMore = false
    case .setError(let error):
      context.error = error
    case .replaceItems(let items, let next):
      replaceItems(&context, with: items)
      context.nextPage = next
      context.isLoadingMore = false
      context.loadedPages = 1
      context.phase = .loaded
      context.error = nil
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
      for id in ids { context.sendStates[id] = nil }
    case .setLoadingMore(let isLoading):
      context.isLoadingMore = isLoading
    case .appendPage(let items, let next):
      appendPage(&context, items)
      context.nextPage = next
      context.isLoadingMore = false
      context.loadedPages += 1
      if context.error?.operation == .loadMore { context.error = nil }
      return prefetch(context, prefetchPages: prefetchPages)
    case .loadMoreFailed(let error):
      context.isLoadingMore = false
      context.error = error
    case .beginStream:
      context.streamedText = ""
      context.isStreaming = true
      if context.error?.operation == .stream { context.error = nil }
    case .appendDelta(let text):
      context.streamedText += text
    case .finishStream(let item):
      context.isStreaming = false
      if let item {
        context.items.append(item)
        context.streamedText = ""
        context.phase = .loaded
      }
    case .failStream(let error):
      context.isStreaming = false
      context.error = error
    case .stopStream:
      context.isStreaming = false
    case .insertPending(let item, let edge):
      insertPending(&context, item, at: edge)
      return [.deliver(item.id)]
    case .confirmSend(let localID, let item):
      confirmSend(&context, localID: localID, item)
    case .rollbackSend(let id):
      context.items.removeAll { $0.id == id }
      context.sendStates[id] = nil
    case .markSendFailed(let id, let message):
      if context.items.contains(where: { $0.id == id }) { context.sendStates[id] = .failed(message) }
    case .markSendPending(let id):
      guard context.items.contains(where: { $0.id == id }) else { break }
      context.sendStates[id] = .pending
      return [.deliver(id)]
    }
    return []
  }

  /// `[.loadMore]` while another page follows and fewer than
  /// `prefetchPages` pages beyond the first are shown.
  private static func prefetch<Item>(_ context: ListContext<Item>, prefetchPages: Int) -> [ListIntent<Item>] {
    guard context.nextPage != nil, context.loadedPages <= prefetchPages else { return [] }
    return [.loadMore]
  }

  /// Replaces the items, keeping unconfirmed sends the new items do not contain after them.
  private static func replaceItems<Item>(_ context: inout ListContext<Item>, with items: [Item]) {
    guard !context.sendStates.isEmpty else {
      context.items = items
      return
    }
    let incoming = Set(items.map(\.id))
    let unconfirmed = context.items.filter { context.sendStates[$0.id] != nil && !incoming.contains($0.id) }
    context.items = items + unconfirmed
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

  private static func insertPending<Item>(_ context: inout ListContext<Item>, _ item: Item, at edge: ListEdge) {
    if let index = context.items.firstIndex(where: { $0.id == item.id }) {
      context.items[index] = item
    } else {
      switch edge {
      case .start: context.items.insert(item, at: 0)
      case .end: context.items.append(item)
      }
    }
    context.sendStates[item.id] = .pending
    context.phase = .loaded
  }

  /// Replaces the local item with the server's; when the list already holds
  /// the server's item (a refresh brought it in), the local copy is removed instead.
  private static func confirmSend<Item>(_ context: inout ListContext<Item>, localID: Item.ID, _ item: Item) {
    context.sendStates[localID] = nil
    guard let index = context.items.firstIndex(where: { $0.id == localID }) else { return }
    if item.id != localID, let existing = context.items.firstIndex(where: { $0.id == item.id }) {
      context.items[existing] = item
      context.items.remove(at: index)
    } else {
      context.items[index] = item
    }
  }
}

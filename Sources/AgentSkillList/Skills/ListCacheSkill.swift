import AgentSkill

/// Answers ``ListIntent/load`` from a cache when it has the first page, and
/// passes the intent on to the next skill (typically ``ListLoadSkill``) on a
/// miss: check the cache first, then the network.
///
/// ```swift
/// ListAgent<Message>(skills: [
///   ListCacheSkill { _ in await cache.firstPage() },   // priority 10: asked first
///   ListLoadSkill { request in
///     let page = try await api.messages(page: request.cursor?.pageNumber ?? 1)
///     if request.isFirstPage { await cache.store(page) }   // keep the cache warm
///     return page
///   },
/// ])
/// ```
///
/// A hit emits ``ListEffect/replaceItems(_:nextPage:)`` without a loading
/// hint, so cached content appears without a flash of spinner. A miss — no
/// page, an empty page, or a lookup that throws (logged as a warning) —
/// returns ``/AgentSkill/Handling/fallthrough``. Only ``ListIntent/load`` is answered:
/// a refresh or a retry always goes to the source.
public struct ListCacheSkill<Item: Identifiable & Sendable>: IntentSkill where Item.ID: Sendable {
  /// The skill's rank: lower runs first. Defaults to 10, before the loader.
  public let priority: Int
  private let lookup: @Sendable (PageRequest) async throws -> Page<Item>?

  /// Creates the skill.
  ///
  /// - Parameters:
  ///   - priority: The skill's rank: lower runs first. Defaults to 10.
  ///   - lookup: Returns the cached first page, or `nil` on a miss.
  public init(
    priority: Int = 10,
    lookup: @escaping @Sendable (PageRequest) async throws -> Page<Item>?
  ) {
    self.priority = priority
    self.lookup = lookup
  }

  /// Whether `intent` is ``ListIntent/load``.
  ///
  /// - Parameter intent: The intent to route.
  /// - Returns: `true` for ``ListIntent/load``.
  public func canHandle(_ intent: ListIntent<Item>) -> Bool {
    if case .load = intent { return true }
    return false
  }

  /// Cancel the previous load, and any page loading, then start.
  ///
  /// - Parameter intent: The intent about to run.
  /// - Returns: ``/AgentSkill/IntentPolicy/cancelPrevious`` in `IntentLane.listPages`.
  public func policy(for intent: ListIntent<Item>) -> IntentPolicy {
    IntentPolicy(.cancelPrevious, lane: .listPages)
  }

  /// Shows the cached first page, or falls through.
  ///
  /// - Parameters:
  ///   - intent: ``ListIntent/load``.
  ///   - context: The list when the run started.
  ///   - emit: Delivers the effects.
  /// - Returns: ``/AgentSkill/Handling/handled`` on a hit, ``/AgentSkill/Handling/fallthrough`` on a miss.
  /// - Throws: `CancellationError` when the run is cancelled.
  public func handle(
    _ intent: ListIntent<Item>, context: ListContext<Item>, emit: EffectSink<ListEffect<Item>>
  ) async throws -> Handling {
    let cached: Page<Item>?
    do {
      cached = try await lookup(PageRequest(cursor: nil, reason: .load))
    } catch {
      if isCancellation(error) { throw CancellationError() }
      emit.logger.warning("cache lookup failed: \(describe(error)); loading from the source")
      return .fallthrough
    }
    guard let cached, !cached.items.isEmpty else {
      emit.logger.debug("cache miss")
      return .fallthrough
    }
    emit.logger.debug("cache hit: \(cached.items.count) items")
    emit(.replaceItems(cached.items, nextPage: cached.next))
    return .handled
  }
}

import AgentSkill

/// One page of a list, as a data source returns it: the items and where the
/// next page starts (`nil` on the last page).
///
/// ```swift
/// let fetch: @Sendable (PageRequest) async throws -> Page<Message> = { request in
///   let response = try await api.messages(after: request.cursor?.rawValue)
///   return Page(items: response.messages, next: response.nextCursor.map { PageCursor($0) })
/// }
/// ```
public struct Page<Item: Sendable>: Sendable {
  /// The page's items, in display order.
  public var items: [Item]
  /// Where the next page starts, or `nil` when this is the last page.
  public var next: PageCursor?

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - items: The page's items, in display order.
  ///   - next: Where the next page starts; `nil` (the default) for the last page.
  public init(items: [Item], next: PageCursor? = nil) {
    self.items = items
    self.next = next
  }

  /// Whether another page follows.
  public var hasNext: Bool { next != nil }
}

extension Page: Equatable where Item: Equatable {}
extension Page: Hashable where Item: Hashable {}
extension Page: Codable where Item: Codable {}

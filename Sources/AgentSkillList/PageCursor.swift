import AgentSkill

/// Where the next page of a list starts: an opaque server cursor or a page
/// number, kept as text so it encodes into timelines and compares by value.
///
/// ```swift
/// // a server that hands out opaque tokens
/// let byToken: @Sendable (PageRequest) async throws -> Page<Message> = { request in
///   let response = try await api.messages(after: request.cursor?.rawValue)
///   return Page(items: response.messages, next: response.nextCursor.map { PageCursor($0) })   // "eyJvZmZzZXQiOjIwfQ"
/// }
/// // a server that numbers its pages
/// let byNumber: @Sendable (PageRequest) async throws -> Page<Message> = { request in
///   let page = request.cursor?.pageNumber ?? 1
///   let result = try await api.messages(page: page)
///   return Page(items: result.items, next: result.hasNext ? PageCursor(page + 1) : nil)   // 3 after page 2
/// }
/// ```
public struct PageCursor: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral,
  ExpressibleByIntegerLiteral
{
  /// The cursor's text.
  public let rawValue: String

  /// Wraps a server cursor.
  ///
  /// - Parameter rawValue: The cursor's text.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// Wraps a page number.
  ///
  /// - Parameter page: The page number.
  public init(_ page: Int) {
    self.rawValue = String(page)
  }

  /// Wraps a string literal.
  ///
  /// - Parameter value: The cursor's text.
  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// Wraps an integer literal as a page number.
  ///
  /// - Parameter value: The page number.
  public init(integerLiteral value: Int) {
    self.init(value)
  }

  /// Decodes a cursor from a single string.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when the value is not a string.
  public init(from decoder: any Decoder) throws {
    self.rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes the cursor as a single string.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The cursor as a page number, when it is one.
  public var pageNumber: Int? { Int(rawValue) }

  /// The cursor's text.
  public var description: String { rawValue }
}

/// One event of a server-sent event stream (`text/event-stream`), as
/// dispatched by ``SSEParser``.
///
/// ```swift
/// // event: message_stop
/// // data: {"type":"message_stop"}
/// SSEEvent(type: "message_stop", data: #"{"type":"message_stop"}"#)
/// ```
public struct SSEEvent: Sendable, Hashable {
  /// The event type: the last `event:` field, or `message` when there was none.
  public var type: String
  /// The `data:` lines joined with `\n`.
  public var data: String
  /// The last event ID seen so far in the stream (the standard's "last event ID buffer").
  public var lastEventID: String
  /// Whether the data held bytes that are not UTF-8; they were replaced by
  /// U+FFFD, as the standard requires, and a strict consumer may reject the event.
  public var containsInvalidUTF8: Bool

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - type: The event type. Defaults to `message`.
  ///   - data: The data.
  ///   - lastEventID: The last event ID. Defaults to empty.
  ///   - containsInvalidUTF8: Whether the data held invalid UTF-8. Defaults to `false`.
  public init(type: String = "message", data: String, lastEventID: String = "", containsInvalidUTF8: Bool = false) {
    self.type = type
    self.data = data
    self.lastEventID = lastEventID
    self.containsInvalidUTF8 = containsInvalidUTF8
  }
}

/// Turns one vendor's server-sent events into chat stream events.
protocol ProviderStreamDecoder: Sendable {
  /// Whether the vendor's end-of-stream marker arrived (`[DONE]`, `message_stop`).
  var isDone: Bool { get }
  /// Decodes a whole (non-streamed) response body.
  mutating func decodeResponse(_ json: JSONValue) throws -> ChatResponse
  /// Handles one event.
  mutating func consume(_ event: SSEEvent) throws -> [ChatStreamEvent]
  /// The final events and the assembled response, once ``isDone``.
  mutating func finish() throws -> (events: [ChatStreamEvent], response: ChatResponse)
  /// Why the stream counts as cut off, for ``LanguageModelError/streamEndedEarly(reason:)``.
  func truncationReason(cutMidEvent: Bool) -> String
}

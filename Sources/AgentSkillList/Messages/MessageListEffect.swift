import AgentSkill

/// What the message skills report; ``MessageListReducer`` applies each to
/// the ``MessageListContext``, handing ``list(_:)`` to ``ListReducer``.
///
/// ```swift
/// struct GreetingSkill: IntentSkill {
///   var priority: Int { 50 }
///
///   func canHandle(_ intent: MessageListIntent<Message>) -> Bool {
///     if case .list(.load) = intent { true } else { false }
///   }
///
///   func handle(
///     _ intent: MessageListIntent<Message>, context: MessageListContext<Message>,
///     emit: EffectSink<MessageListEffect<Message>>
///   ) async throws -> Handling {
///     emit(.list(.appendItems([Message(id: UUID(), text: "Welcome!")])))
///     return .handled
///   }
/// }
/// ```
public enum MessageListEffect<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  /// An effect on the list. Unconfirmed sends stay after a page that
  /// replaces the items, and through an empty state (the phase stays
  /// loaded); removed items lose their send state.
  case list(ListEffect<Item>)

  // MARK: Streaming

  /// A stream starts: clear the streamed text and a stream's failure, and mark streaming.
  case beginStream
  /// Append a batch of streamed text.
  case appendDelta(String)
  /// The stream ended; when an item is given (built from the whole text), it
  /// is appended to the list and the streamed text is cleared.
  case finishStream(Item?)
  /// The stream broke off: keep the text received, record the error.
  case failStream(ListError)
  /// The stream was stopped on request; the text received stays.
  case stopStream

  // MARK: Optimistic sends

  /// Insert an item at `edge` and mark it pending; the reducer then sends
  /// ``MessageListIntent/deliver(_:)`` for it.
  case insertPending(Item, at: ListEdge)
  /// The server accepted the item with `localID`: replace it with the
  /// server's version and forget its send state.
  case confirmSend(localID: Item.ID, Item)
  /// The server did not accept the item with this identifier: remove it and
  /// record the error in ``MessageListContext/error``.
  case rollbackSend(Item.ID, ListError)
  /// Mark the unconfirmed item with this identifier as failed, with a message.
  case markSendFailed(Item.ID, String)
  /// Mark the item with this identifier as pending again; the reducer then
  /// sends ``MessageListIntent/deliver(_:)`` for it.
  case markSendPending(Item.ID)
}

extension MessageListEffect: Equatable where Item: Equatable {}
extension MessageListEffect: Hashable where Item: Hashable {}
extension MessageListEffect: Codable where Item: Codable, Item.ID: Codable {}

extension MessageListEffect: TimelineSizeEstimating {
  /// The estimated heap bytes of the items, text and errors the effect
  /// carries (``/AgentSkill/TimelineSizeEstimate/heapBytes(of:)``), for the timeline's
  /// byte budget.
  public var estimatedHeapBytes: Int {
    switch self {
    case .list(let effect):
      effect.estimatedHeapBytes
    case .appendDelta(let text), .markSendFailed(_, let text):
      TimelineSizeEstimate.heapBytes(of: text)
    case .failStream(let error), .rollbackSend(_, let error):
      error.estimatedHeapBytes
    case .insertPending(let item, _), .confirmSend(_, let item):
      TimelineSizeEstimate.heapBytes(of: item)
    case .finishStream(let item):
      item.map { TimelineSizeEstimate.heapBytes(of: $0) } ?? 0
    case .beginStream, .stopStream, .markSendPending:
      0
    }
  }
}

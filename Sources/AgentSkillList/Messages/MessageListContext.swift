import AgentSkill

/// The context of a chat-like list: the list itself — phase, items,
/// pagination — plus the text a reply streams in and the state of messages
/// sent optimistically.
///
/// ```swift
/// struct ChatList: View {
///   let agent: MessageListAgent<Message>
///   var body: some View {
///     List(agent.items) { message in   // the list's items, observed alone
///       MessageRow(message: message)
///       if case .failed(let reason) = agent.sendStates[message.id] {
///         Button(reason) { agent.send(.retrySend(message.id)) }
///       }
///     }
///     if agent.isStreaming { Text(agent.streamedText) }
///   }
/// }
/// ```
///
/// The list's fields read through this context (`context.items`,
/// `agent.phase`), and through the agent each one is observed alone.
/// Only ``MessageListReducer`` changes it, from ``MessageListEffect``s; it
/// hands list effects to ``ListReducer`` and keeps unconfirmed sends on
/// screen when a page replaces the items.
@dynamicMemberLookup
public struct MessageListContext<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  /// The list: phase, items (including items sent but not yet confirmed) and pagination.
  public var list: ListContext<Item>
  /// Text received so far by the current or last stream.
  public var streamedText: String
  /// Whether a stream is running. A stream stopped with
  /// ``MessageListIntent/cancelStream`` clears it; one cancelled with the
  /// agent's `cancelAll()` leaves it set until the next stream starts.
  public var isStreaming: Bool
  /// The state of optimistically inserted items, by identifier; confirmed
  /// items have no entry.
  public var sendStates: [Item.ID: SendState]
  /// The last stream that broke off (``ListOperation/stream``) or send
  /// rolled back (``ListOperation/send``), or `nil`. Loading failures are
  /// the list's own: ``ListContext/phase`` and ``ListContext/loadMoreError``.
  /// The next stream clears a stream's failure.
  public var error: ListError?

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - list: The list. Defaults to an idle, empty list.
  ///   - streamedText: Text received by a stream. Defaults to empty.
  ///   - isStreaming: Whether a stream runs. Defaults to `false`.
  ///   - sendStates: The state of unconfirmed items. Defaults to none.
  ///   - error: The last stream or send failure. Defaults to none.
  public init(
    list: ListContext<Item> = ListContext(),
    streamedText: String = "",
    isStreaming: Bool = false,
    sendStates: [Item.ID: SendState] = [:],
    error: ListError? = nil
  ) {
    self.list = list
    self.streamedText = streamedText
    self.isStreaming = isStreaming
    self.sendStates = sendStates
    self.error = error
  }

  /// A field of the list, read and written through this context (`context.items`).
  ///
  /// - Parameter field: The field's key path in ``ListContext``.
  public subscript<Value>(dynamicMember field: WritableKeyPath<ListContext<Item>, Value>) -> Value {
    get { list[keyPath: field] }
    set { list[keyPath: field] = newValue }
  }
}

extension MessageListContext: Equatable where Item: Equatable {}
extension MessageListContext: Codable where Item: Codable, Item.ID: Codable {}

extension MessageListContext: TimelineSizeEstimating {
  /// The estimated heap bytes of the list, the streamed text, the error and
  /// the send states (``/AgentSkill/TimelineSizeEstimate/heapBytes(of:)``), for the
  /// timeline's byte budget when it captures the context.
  public var estimatedHeapBytes: Int {
    list.estimatedHeapBytes + TimelineSizeEstimate.heapBytes(of: streamedText)
      + (error?.estimatedHeapBytes ?? 0) + TimelineSizeEstimate.heapBytes(of: sendStates)
  }
}

import AgentSkill

/// What a chat-like list screen asks its agent for: the list's own intents,
/// wrapped in ``list(_:)``, plus streaming a reply and sending messages.
///
/// ```swift
/// struct ChatView: View {
///   let agent: MessageListAgent<Message>
///   @State private var draft = ""
///   var body: some View {
///     List(agent.items) { MessageRow(message: $0) }
///       .task { await agent.send(.list(.load)).finish() }
///     Button("Send") { agent.send(.send(Message(id: UUID(), text: draft))) }
///     Button("Summarize") { agent.send(.stream("Summarize the thread")) }
///   }
/// }
/// ```
///
/// The list's skills take ``list(_:)``; ``MessageStreamSkill`` takes
/// ``stream(_:)`` and ``cancelStream``; ``MessageSendSkill`` takes
/// ``send(_:)``, ``retrySend(_:)``, ``deliver(_:)`` and ``discardSend(_:)``.
public enum MessageListIntent<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  /// An intent of the list: load, refresh, retry or the next page.
  case list(ListIntent<Item>)
  /// Stream text for `prompt` into ``MessageListContext/streamedText``.
  case stream(String)
  /// Stop the running stream at once, keeping the text shown so far.
  case cancelStream
  /// Show `item` at once as pending, then send it to the server.
  case send(Item)
  /// Send again the failed item with this identifier.
  case retrySend(Item.ID)
  /// Send the pending item with this identifier to the server; the reducer
  /// sends it after ``MessageListEffect/insertPending(_:at:)`` and
  /// ``MessageListEffect/markSendPending(_:)``.
  case deliver(Item.ID)
  /// Remove the failed item with this identifier from the list.
  case discardSend(Item.ID)

  /// The list's intent, or `nil` for the other intents.
  package var list: ListIntent<Item>? {
    if case .list(let intent) = self { return intent }
    return nil
  }
}

extension MessageListIntent: Equatable where Item: Equatable {}
extension MessageListIntent: Hashable where Item: Hashable {}
extension MessageListIntent: Codable where Item: Codable, Item.ID: Codable {}

extension MessageListIntent: TimelineSizeEstimating {
  /// The estimated heap bytes of the text or item the intent carries
  /// (``/AgentSkill/TimelineSizeEstimate/heapBytes(of:)``), for the timeline's byte budget.
  public var estimatedHeapBytes: Int {
    switch self {
    case .stream(let text): TimelineSizeEstimate.heapBytes(of: text)
    case .send(let item): TimelineSizeEstimate.heapBytes(of: item)
    case .list, .cancelStream, .retrySend, .deliver, .discardSend: 0
    }
  }
}

import AgentSkill

/// Sends an item optimistically: it appears at once as
/// pending, then the server's version replaces it — or, when sending fails,
/// it is marked failed (with a retry) or rolled back.
///
/// ```swift
/// struct ChatView: View {
///   @State private var agent = MessageListAgent<Message>(
///     listSkills: [ListLoadSkill(fetch: api.messages)],
///     skills: [
///       MessageSendSkill { message in
///         try await api.post(text: message.text)   // returns the stored message, with its server id
///       }
///     ])
///   @State private var draft = ""
///   var body: some View {
///     ForEach(agent.items) { message in
///       MessageRow(message: message)
///       if case .failed(let reason) = agent.sendStates[message.id] {
///         Button(reason) { agent.send(.retrySend(message.id)) }
///       }
///     }
///     TextField("Message", text: $draft)
///     Button("Send") { agent.send(.send(Message(id: UUID(), text: draft))) }
///   }
/// }
/// ```
///
/// - ``MessageListIntent/send(_:)`` emits ``MessageListEffect/insertPending(_:at:)``: the
///   item appears at once. The reducer then sends ``MessageListIntent/deliver(_:)``,
///   which submits it and emits ``MessageListEffect/confirmSend(localID:_:)`` with
///   the server's item (which may carry a new identifier).
/// - On failure — after the retries the policy allows — the item is marked
///   ``SendState/failed(_:)`` with ``ListStrings/sendFailure``
///   (``SendFailureHandling/markFailed``, the default) or removed with the
///   error recorded (``SendFailureHandling/rollback``).
/// - ``MessageListIntent/retrySend(_:)`` marks a failed item pending, which
///   delivers it again; ``MessageListIntent/discardSend(_:)`` removes a failed
///   item. Both ignore items that have not failed.
/// - Items appear in the order they were sent, and reach the server in that
///   order: deliveries run one after another, while new items keep
///   appearing at once.
/// - A delivery cancelled (by `cancelAll()` or releasing the agent) leaves
///   its item pending.
public struct MessageSendSkill<Item: Identifiable & Sendable>: IntentSkill where Item.ID: Sendable {
  /// The skill's rank: lower runs first. Defaults to 100.
  public let priority: Int
  /// Where new items appear.
  package let edge: ListEdge
  /// What happens to an item the server did not accept.
  public let onFailure: SendFailureHandling
  /// How failed sends are retried before they count as failed.
  package let retry: RetryPolicy
  /// The messages shown.
  package let strings: ListStrings
  private let submit: @Sendable (Item) async throws -> Item

  /// Creates the skill.
  ///
  /// - Parameters:
  ///   - priority: The skill's rank: lower runs first. Defaults to 100.
  ///   - edge: Where new items appear. Defaults to ``ListEdge/end`` (a chat).
  ///   - onFailure: What happens to an item the server did not accept.
  ///     Defaults to ``SendFailureHandling/markFailed``.
  ///   - retry: How failed sends are retried first. Defaults to a single attempt.
  ///   - strings: The messages. Defaults to ``ListStrings/english``.
  ///   - submit: Sends the item and returns the server's version of it.
  public init(
    priority: Int = 100,
    edge: ListEdge = .end,
    onFailure: SendFailureHandling = .markFailed,
    retry: RetryPolicy = .immediate(maxAttempts: 1),
    strings: ListStrings = .english,
    submit: @escaping @Sendable (Item) async throws -> Item
  ) {
    self.priority = priority
    self.edge = edge
    self.onFailure = onFailure
    self.retry = retry
    self.strings = strings
    self.submit = submit
  }

  /// Whether `intent` is ``MessageListIntent/send(_:)``, ``MessageListIntent/retrySend(_:)``,
  /// ``MessageListIntent/deliver(_:)`` or ``MessageListIntent/discardSend(_:)``.
  ///
  /// - Parameter intent: The intent to route.
  /// - Returns: `true` for the four sending intents.
  public func canHandle(_ intent: MessageListIntent<Item>) -> Bool {
    switch intent {
    case .send, .retrySend, .deliver, .discardSend: true
    default: false
    }
  }

  /// Every intent queues behind the earlier ones of its kind: deliveries in
  /// one lane (so the server receives items in order), the quick list
  /// changes — send, retry, discard — in another (so items appear at once).
  ///
  /// - Parameter intent: The intent about to run.
  /// - Returns: ``/AgentSkill/IntentPolicy/enqueue`` in the intent's lane.
  public func policy(for intent: MessageListIntent<Item>) -> IntentPolicy {
    if case .deliver = intent { return .enqueue }
    return IntentPolicy(.enqueue, lane: .custom("AgentSkill.ListFeature.sendChanges"))
  }

  /// Inserts, delivers, retries or discards an item.
  ///
  /// - Parameters:
  ///   - intent: A sending intent.
  ///   - context: The list when the run started.
  ///   - emit: Delivers the effects.
  /// - Returns: ``/AgentSkill/Handling/handled``.
  /// - Throws: `CancellationError` when the run is cancelled; failures become effects.
  public func handle(
    _ intent: MessageListIntent<Item>, context: MessageListContext<Item>, emit: EffectSink<MessageListEffect<Item>>
  ) async throws -> Handling {
    switch intent {
    case .send(let item):
      emit(.insertPending(item, at: edge))
    case .retrySend(let id):
      guard case .failed = context.sendStates[id] else {
        emit.logger.debug("retrySend(\(id)) ignored: the item has not failed")
        return .handled
      }
      emit(.markSendPending(id))
    case .deliver(let id):
      guard context.sendStates[id] == .pending, let item = context.list.item(withID: id) else {
        emit.logger.debug("deliver(\(id)) ignored: the item is not pending")
        return .handled
      }
      try await deliver(item, emit: emit)
    case .discardSend(let id):
      guard case .failed = context.sendStates[id] else {
        emit.logger.debug("discardSend(\(id)) ignored: the item has not failed")
        return .handled
      }
      emit(.list(.removeItems([id])))
    default:
      break
    }
    return .handled
  }

  private func deliver(_ item: Item, emit: EffectSink<MessageListEffect<Item>>) async throws {
    let submit = self.submit
    let attempt = ClosureSkill<Item, Item>("submit") { item, _ in try await submit(item) }
    let confirmed: Item
    do {
      confirmed = try await attempt.retry(retry).run(item, context: emit.skillContext)
    } catch {
      if isCancellation(error) { throw CancellationError() }
      let failure = ListError(operation: .send, message: strings.sendFailure, error: error)
      emit.logger.warning("\(failure)")
      switch onFailure {
      case .markFailed:
        emit(.markSendFailed(item.id, strings.sendFailure))
      case .rollback:
        emit(.rollbackSend(item.id, failure))
      }
      return
    }
    emit(.confirmSend(localID: item.id, confirmed))
  }
}

import AgentSkill
import Foundation

/// The reducer of a chat-like list: applies a ``MessageListEffect`` to a
/// ``MessageListContext`` — list effects through ``ListReducer`` — and
/// returns the follow-up intents.
///
/// ```swift
/// let agent = Agent(
///   context: MessageListContext<Message>(),
///   skills: [MessageSendSkill(submit: api.send)],
///   reduce: { context, effect in
///     let followUps = MessageListReducer.reduce(&context, effect)
///     if case .confirmSend(_, let message) = effect { print("sent \(message.id)") }
///     return followUps
///   },
///   mapFailure: MessageListReducer.mapFailure())
/// ```
///
/// (``MessageListAgent`` and `Agent(context:listSkills:skills:)` pass both
/// for you.)
///
/// Besides what ``ListReducer`` does, it keeps the list and the sends
/// consistent: a page that replaces the items, or an empty state, keeps
/// unconfirmed sends after it; removed items lose their send state; and
/// when an item is inserted as pending, or marked pending again for a
/// retry, it sends ``MessageListIntent/deliver(_:)`` to send it to the server.
public enum MessageListReducer {
  /// Applies `effect` to `context`. Nothing is prefetched: the next page
  /// loads when the view sends ``ListIntent/loadMore``.
  ///
  /// - Parameters:
  ///   - context: The message list's context.
  ///   - effect: The effect to apply.
  /// - Returns: The follow-up intents.
  public static func reduce<Item>(_ context: inout MessageListContext<Item>, _ effect: MessageListEffect<Item>)
    -> [MessageListIntent<Item>]
  {
    reduce(&context, effect, prefetchPages: 0)
  }

  /// A reducer that prefetches up to `prefetchPages` pages after the first
  /// one, as ``ListReducer/reducer(prefetchPages:)`` does.
  ///
  /// - Parameter prefetchPages: How many pages to load ahead after the first page.
  /// - Returns: The reducer.
  public static func reducer<Item>(prefetchPages: Int)
    -> @MainActor @Sendable (inout MessageListContext<Item>, MessageListEffect<Item>) -> [MessageListIntent<Item>]
  {
    let pages = max(prefetchPages, 0)
    return { context, effect in reduce(&context, effect, prefetchPages: pages) }
  }

  /// Turns an error thrown by a custom skill into the matching failure
  /// effect, with `strings`' texts; the built-in skills report their
  /// failures themselves and never need it.
  ///
  /// - Parameter strings: The texts of the failure messages. Defaults to
  ///   the library's String Catalog in the current locale.
  /// - Returns: The mapping, for the agent's `mapFailure`.
  public static func mapFailure<Item>(strings: ListStrings = ListStrings(locale: .current))
    -> @MainActor @Sendable (any Error, MessageListIntent<Item>) -> MessageListEffect<Item>?
  {
    { error, intent in
      switch intent {
      case .list(let intent):
        ListReducer.failureEffect(for: error, intent: intent, strings: strings).map(MessageListEffect.list)
      case .stream:
        .failStream(ListError(operation: .stream, message: strings.streamFailure, error: error))
      case .send(let item):
        .markSendFailed(item.id, strings.sendFailure)
      case .retrySend(let id), .deliver(let id):
        .markSendFailed(id, strings.sendFailure)
      case .cancelStream, .discardSend:
        nil
      }
    }
  }

  // MARK: - Applying effects

  static func reduce<Item>(
    _ context: inout MessageListContext<Item>, _ effect: MessageListEffect<Item>, prefetchPages: Int
  ) -> [MessageListIntent<Item>] {
    switch effect {
    case .list(let effect):
      return reduceList(&context, effect, prefetchPages: prefetchPages)
    case .beginStream:
      context.streamedText = ""
      context.isStreaming = true
      if context.error?.operation == .stream { context.error = nil }
    case .appendDelta(let text):
      context.streamedText += text
    case .finishStream(let item):
      context.isStreaming = false
      if let item {
        _ = ListReducer.reduce(&context.list, .appendItems([item]))
        context.streamedText = ""
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
    case .rollbackSend(let id, let error):
      context.list.items.removeAll { $0.id == id }
      context.sendStates[id] = nil
      context.error = error
    case .markSendFailed(let id, let message):
      if context.list.items.contains(where: { $0.id == id }) { context.sendStates[id] = .failed(message) }
    case .markSendPending(let id):
      guard context.list.items.contains(where: { $0.id == id }) else { break }
      context.sendStates[id] = .pending
      return [.deliver(id)]
    }
    return []
  }

  /// Applies a list effect; unconfirmed sends the new items do not contain
  /// stay after them.
  private static func reduceList<Item>(
    _ context: inout MessageListContext<Item>, _ effect: ListEffect<Item>, prefetchPages: Int
  ) -> [MessageListIntent<Item>] {
    let sendStates = context.sendStates
    let unconfirmed = sendStates.isEmpty ? [] : context.list.items.filter { sendStates[$0.id] != nil }
    let followUps = ListReducer.reduce(&context.list, effect, prefetchPages: prefetchPages)
    switch effect {
    case .replaceItems, .setEmpty:
      guard !unconfirmed.isEmpty else { break }
      let shown = Set(context.list.items.map(\.id))
      context.list.items += unconfirmed.filter { !shown.contains($0.id) }
      context.list.phase = .loaded
    case .removeItems(let ids):
      for id in ids { context.sendStates[id] = nil }
    default:
      break
    }
    return followUps.map(MessageListIntent.list)
  }

  private static func insertPending<Item>(
    _ context: inout MessageListContext<Item>, _ item: Item, at edge: ListEdge
  ) {
    if let index = context.list.items.firstIndex(where: { $0.id == item.id }) {
      context.list.items[index] = item
    } else {
      switch edge {
      case .start: context.list.items.insert(item, at: 0)
      case .end: context.list.items.append(item)
      }
    }
    context.sendStates[item.id] = .pending
    context.list.phase = .loaded
  }

  /// Replaces the local item with the server's; when the list already holds
  /// the server's item (a refresh brought it in), the local copy is removed instead.
  private static func confirmSend<Item>(
    _ context: inout MessageListContext<Item>, localID: Item.ID, _ item: Item
  ) {
    context.sendStates[localID] = nil
    guard let index = context.list.items.firstIndex(where: { $0.id == localID }) else { return }
    if item.id != localID, let existing = context.list.items.firstIndex(where: { $0.id == item.id }) {
      context.list.items[existing] = item
      context.list.items.remove(at: index)
    } else {
      context.list.items[index] = item
    }
  }
}

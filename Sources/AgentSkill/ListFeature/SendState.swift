/// Where an optimistically inserted item stands: shown at
/// once, waiting for the server, or shown as failed with a retry action.
///
/// ```swift
/// ForEach(agent.context.items) { message in
///   MessageRow(message: message)
///     .opacity(agent.context.sendState(of: message.id) == .pending ? 0.5 : 1)
///   if case .failed(let reason) = agent.context.sendState(of: message.id) {
///     Button(reason) { agent.send(.retrySend(message.id)) }
///   }
/// }
/// ```
public enum SendState: Hashable, Sendable, Codable {
  /// Inserted locally; the server has not confirmed it yet.
  case pending
  /// The server refused it or could not be reached; the message says so.
  case failed(String)
}

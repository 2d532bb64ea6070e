import AgentSkill

/// Where an optimistically inserted item stands: shown at
/// once, waiting for the server, or shown as failed with a retry action.
///
/// ```swift
/// struct Outbox: View {
///   let agent: MessageListAgent<Message>
///   var body: some View {
///     ForEach(agent.items) { message in
///       MessageRow(message: message)
///       if agent.sendStates[message.id] == .pending { Text("Sending…") }
///       if case .failed(let reason) = agent.sendStates[message.id] {
///         Button(reason) { agent.send(.retrySend(message.id)) }
///       }
///     }
///   }
/// }
/// ```
public enum SendState: Hashable, Sendable, Codable {
  /// Inserted locally; the server has not confirmed it yet.
  case pending
  /// The server refused it or could not be reached; the message says so.
  case failed(String)
}

/// A tool call waiting for the user's consent: what a confirmation prompt shows.
///
/// ```swift
/// struct ConfirmationPrompt: View {
///   let chat: ChatAgent
///
///   var body: some View {
///     if let request = chat.pendingConfirmation {
///       Text("Run \(request.displayName)?")  // "Run 设置提醒?"
///       Text(request.arguments.rendered(pretty: true))
///       Button("Confirm") { chat.confirm() }
///       Button("Cancel") { chat.deny() }
///     }
///   }
/// }
/// ```
public struct ChatConfirmationRequest: Sendable, Hashable, Codable {
  /// The model's identifier for the call.
  public let callID: String
  /// The skill to run.
  public let skillID: String
  /// The name people see.
  public let displayName: String
  /// The validated arguments.
  public let arguments: JSONValue
  /// The assistant message holding the call.
  public let messageID: ChatAgentMessage.ID

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - callID: The model's identifier for the call.
  ///   - skillID: The skill to run.
  ///   - displayName: The name people see.
  ///   - arguments: The validated arguments.
  ///   - messageID: The assistant message holding the call.
  public init(
    callID: String, skillID: String, displayName: String, arguments: JSONValue, messageID: ChatAgentMessage.ID
  ) {
    self.callID = callID
    self.skillID = skillID
    self.displayName = displayName
    self.arguments = arguments
    self.messageID = messageID
  }
}

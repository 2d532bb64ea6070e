/// One message in a conversation with a model.
///
/// ```swift
/// let messages: [ChatMessage] = [
///   .system("You are a bookkeeping assistant."),
///   .user("上周三的记账明细按类别汇总"),
/// ]
/// ```
public struct ChatMessage: Sendable, Hashable {
  /// Who wrote a message.
  public enum Role: String, Sendable, Hashable, Codable {
    /// Instructions for the model.
    case system
    /// The person using the app.
    case user
    /// The model.
    case assistant
    /// The result of a tool call.
    case tool
  }

  /// Who wrote the message.
  public var role: Role
  /// The text (empty for an assistant message that only calls tools).
  public var content: String
  /// The tools an assistant message calls.
  public var toolCalls: [ToolCall]
  /// For a tool result, the id of the call it answers.
  public var toolCallID: String?
  /// For a tool result, the name of the tool.
  public var toolName: String?
  /// For an assistant message: its thinking blocks as the provider returned them, sent back unchanged before its
  /// tool calls (Anthropic requires them while the model uses tools); empty for other messages.
  public var thinking: [ThinkingBlock]
  /// For a user message: the images it carries, sent in each provider's format; empty for other messages.
  public var images: [ChatImage]

  /// Creates a message.
  ///
  /// - Parameters:
  ///   - role: Who wrote it.
  ///   - content: The text.
  ///   - toolCalls: Tool calls, for assistant messages.
  ///   - toolCallID: The answered call's id, for tool results.
  ///   - toolName: The tool's name, for tool results.
  ///   - thinking: The thinking blocks, for assistant messages. Defaults to none.
  ///   - images: The images, for user messages. Defaults to none.
  public init(
    role: Role, content: String, toolCalls: [ToolCall] = [], toolCallID: String? = nil,
    toolName: String? = nil, thinking: [ThinkingBlock] = [], images: [ChatImage] = []
  ) {
    self.role = role
    self.content = content
    self.toolCalls = toolCalls
    self.toolCallID = toolCallID
    self.toolName = toolName
    self.thinking = thinking
    self.images = images
  }

  /// Instructions for the model.
  ///
  /// - Parameter text: The instructions.
  /// - Returns: A system message.
  public static func system(_ text: String) -> ChatMessage { ChatMessage(role: .system, content: text) }

  /// What the user said, with the images they attached.
  ///
  /// - Parameters:
  ///   - text: The user's words.
  ///   - images: PNG or JPEG images, as data or files read when the message is sent. Defaults to none.
  /// - Returns: A user message.
  public static func user(_ text: String, images: [ChatImage] = []) -> ChatMessage {
    ChatMessage(role: .user, content: text, images: images)
  }

  /// What the model said, with the tools it called and the thinking that led there.
  ///
  /// - Parameters:
  ///   - text: The model's text.
  ///   - toolCalls: The tools it called.
  ///   - thinking: Its thinking blocks (``ChatResponse/thinkingBlocks``), sent back unchanged. Defaults to none.
  /// - Returns: An assistant message.
  public static func assistant(_ text: String, toolCalls: [ToolCall] = [], thinking: [ThinkingBlock] = [])
    -> ChatMessage
  {
    ChatMessage(role: .assistant, content: text, toolCalls: toolCalls, thinking: thinking)
  }

  /// The result of a tool call, sent back to the model.
  ///
  /// - Parameters:
  ///   - content: The result — a short summary, not raw data.
  ///   - callID: The id of the call this answers.
  ///   - name: The tool's name.
  /// - Returns: A tool message.
  public static func tool(_ content: String, callID: String, name: String) -> ChatMessage {
    ChatMessage(role: .tool, content: content, toolCallID: callID, toolName: name)
  }
}

/// One bubble in a ``ChatAgent``'s conversation: what the user said, what
/// the model answered (with the tools it called), or a tool's result.
///
/// ```swift
/// struct Transcript: View {
///   let chat: ChatAgent
///
///   var body: some View {
///     List(chat.messages) { message in
///       switch message.role {
///       case .user:
///         ChatBubble(message: message)  // AgentSkillChatUI
///       case .assistant:
///         ForEach(message.toolCalls) { call in
///           Text("\(call.displayName) \(call.status.rawValue)")  // "天气查询 succeeded"
///         }
///         if message.showsTextBubble { ChatBubble(message: message) }  // not for a message that only calls tools
///       case .tool:
///         if let result = message.toolResult { ChatToolResultView(result: result) }  // table, key-values…
///       }
///     }
///   }
/// }
/// ```
///
/// A turn usually reads: the user's message; an assistant message whose
/// ``toolCalls`` the model asked for (its ``text`` may be empty); one tool
/// message per finished call (``toolResult``); and a last assistant message
/// whose text streams in while ``isStreaming`` is `true`. A call that was
/// cancelled never gets a tool message.
public struct ChatAgentMessage: Identifiable, Sendable, Hashable, Codable {
  /// Identifies a message: the turn it belongs to and its position in the turn.
  public struct ID: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The turn's number, counting from 1 per agent.
    public let turn: Int
    /// The message's position within its turn, from 0 (the user's message).
    public let index: Int

    /// Creates an identifier.
    ///
    /// - Parameters:
    ///   - turn: The turn's number.
    ///   - index: The position within the turn.
    public init(turn: Int, index: Int) {
      self.turn = turn
      self.index = index
    }

    /// Orders identifiers by turn, then position.
    public static func < (lhs: ID, rhs: ID) -> Bool {
      (lhs.turn, lhs.index) < (rhs.turn, rhs.index)
    }

    /// `3.1`: turn 3, second message.
    public var description: String { "\(turn).\(index)" }
  }

  /// Who a message is from.
  public enum Role: String, Sendable, Hashable, Codable {
    /// The person using the app.
    case user
    /// The model.
    case assistant
    /// A tool's result.
    case tool
  }

  /// The message's identity, stable while its text streams in.
  public let id: ID
  /// Who it is from.
  public let role: Role
  /// The user's words; the model's (possibly still streaming) text; for a
  /// tool message, what the model was told (the summary or the error).
  public var text: String
  /// Whether text is still streaming into this (assistant) message.
  public var isStreaming: Bool
  /// For an assistant message: the tools the model asked for, with their progress.
  public var toolCalls: [ChatToolCall]
  /// For a tool message: the result, with what the UI shows.
  public var toolResult: ChatToolResult?
  /// For an assistant message: what the model showed of its thinking (streaming in before its text), or `nil`.
  ///
  /// `ChatView` shows it in a collapsed "Thinking" row above the answer.
  public var thinking: String?
  /// For an assistant message: the thinking blocks as the provider returned them, sent back unchanged with the
  /// message on later requests (Anthropic requires them before the tool calls).
  public var thinkingBlocks: [ThinkingBlock]
  /// For a user message: the images attached, as data (files are read when the message is sent).
  public var images: [ChatImage]

  /// Creates a message.
  ///
  /// - Parameters:
  ///   - id: The message's identity.
  ///   - role: Who it is from.
  ///   - text: Its text.
  ///   - isStreaming: Whether text is still streaming in. Defaults to `false`.
  ///   - toolCalls: For an assistant message, the tools called.
  ///   - toolResult: For a tool message, the result.
  ///   - thinking: For an assistant message, the thinking shown. Defaults to none.
  ///   - thinkingBlocks: For an assistant message, the thinking blocks to send back. Defaults to none.
  ///   - images: For a user message, the images attached. Defaults to none.
  public init(
    id: ID, role: Role, text: String, isStreaming: Bool = false, toolCalls: [ChatToolCall] = [],
    toolResult: ChatToolResult? = nil, thinking: String? = nil, thinkingBlocks: [ThinkingBlock] = [],
    images: [ChatImage] = []
  ) {
    self.id = id
    self.role = role
    self.text = text
    self.isStreaming = isStreaming
    self.toolCalls = toolCalls
    self.toolResult = toolResult
    self.thinking = thinking
    self.thinkingBlocks = thinkingBlocks
    self.images = images
  }

  private enum CodingKeys: String, CodingKey {
    case id, role, text, isStreaming, toolCalls, toolResult, thinking, thinkingBlocks, images
  }

  /// Decodes a message; one saved before thinking and images were kept has none.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when a member is missing or malformed.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.id = try container.decode(ID.self, forKey: .id)
    self.role = try container.decode(Role.self, forKey: .role)
    self.text = try container.decode(String.self, forKey: .text)
    self.isStreaming = try container.decode(Bool.self, forKey: .isStreaming)
    self.toolCalls = try container.decode([ChatToolCall].self, forKey: .toolCalls)
    self.toolResult = try container.decodeIfPresent(ChatToolResult.self, forKey: .toolResult)
    self.thinking = try container.decodeIfPresent(String.self, forKey: .thinking)
    self.thinkingBlocks = try container.decodeIfPresent([ThinkingBlock].self, forKey: .thinkingBlocks) ?? []
    self.images = try container.decodeIfPresent([ChatImage].self, forKey: .images) ?? []
  }

  /// The turn the message belongs to.
  public var turn: Int { id.turn }
}

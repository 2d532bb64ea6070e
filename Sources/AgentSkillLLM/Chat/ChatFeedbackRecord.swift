import AgentSkill
import Foundation

/// What "this answer is irrelevant" records (the last defence against a
/// model that picks the wrong tool, after prefiltering the tools and
/// validating the arguments): the question, the tools offered, every call with its
/// arguments, every result, and the answer — the call chain needed to fix
/// a skill's description or fine-tune later.
///
/// Written by ``ChatAgent/reportIrrelevant(messageID:)`` as one JSON line
/// (``jsonLine``), secrets redacted:
///
/// ```json
/// {"time":"2025-06-01T09:30:00Z","agent":"ChatAgent","messageID":"2.3","question":"你今天吃了吗",
///  "toolsOffered":["weather"],"calls":[{"id":"call_1","tool":"weather","skillID":"weather",
///  "arguments":{"city":"北京"},"status":"succeeded","durationMilliseconds":412}],
///  "results":[{"callID":"call_1","summary":"北京今天多云 22°C","success":true}],"answer":"北京今天多云。"}
/// ```
public struct ChatFeedbackRecord: Sendable, Hashable {
  /// One call the model made.
  public struct Call: Sendable, Hashable {
    /// The model's identifier for the call.
    public var id: String
    /// The tool name the model used.
    public var tool: String
    /// The skill it resolved to.
    public var skillID: String?
    /// The arguments.
    public var arguments: JSONValue
    /// How far it got.
    public var status: ChatToolCall.Status
    /// How long it ran, when it ran.
    public var duration: Duration?
  }

  /// One result sent back to the model.
  public struct Result: Sendable, Hashable {
    /// The call it answers.
    public var callID: String
    /// What the model was told.
    public var summary: String
    /// Whether the call succeeded.
    public var isSuccess: Bool
  }

  /// When the user reported it.
  public var time: Date
  /// The reporting agent's name.
  public var agent: String
  /// The message the user flagged.
  public var messageID: ChatAgentMessage.ID
  /// What the user asked in that turn.
  public var question: String
  /// The tools offered to the model.
  public var toolsOffered: [String]
  /// The calls the model made, in order.
  public var calls: [Call]
  /// The results sent back, in order.
  public var results: [Result]
  /// The model's last text in the turn.
  public var answer: String

  /// Builds the record for the turn holding `messageID`.
  ///
  /// - Parameters:
  ///   - context: The chat's context.
  ///   - messageID: The flagged message.
  ///   - agent: The agent's name.
  ///   - time: When it was reported.
  /// - Returns: The record, or `nil` when no message has that id.
  public init?(context: ChatContext, messageID: ChatAgentMessage.ID, agent: String, time: Date = Date()) {
    guard context.index(of: messageID) != nil else { return nil }
    let turnMessages = context.messages(inTurn: messageID.turn)
    self.time = time
    self.agent = agent
    self.messageID = messageID
    self.question = turnMessages.first { $0.role == .user }?.text ?? ""
    self.toolsOffered = context.turns.last { $0.turn == messageID.turn }?.offeredTools ?? []
    self.calls = turnMessages.flatMap(\.toolCalls).map { call in
      Call(
        id: call.id, tool: call.name, skillID: call.skillID, arguments: call.arguments, status: call.status,
        duration: call.duration)
    }
    self.results = turnMessages.compactMap(\.toolResult).map {
      Result(callID: $0.callID, summary: $0.summary, isSuccess: $0.isSuccess)
    }
    self.answer = turnMessages.last { $0.role == .assistant && !$0.text.isEmpty }?.text ?? ""
  }

  /// The record as JSON.
  public var json: JSONValue {
    var object: JSONObject = [
      "time": .string(Self.iso8601(time)),
      "agent": .string(agent),
      "messageID": .string(messageID.description),
      "question": .string(question),
      "toolsOffered": .array(toolsOffered.map(JSONValue.string)),
    ]
    object["calls"] = .array(
      calls.map { call in
        var member: JSONObject = ["id": .string(call.id), "tool": .string(call.tool)]
        member["skillID"] = call.skillID.map(JSONValue.string) ?? .null
        member["arguments"] = call.arguments
        member["status"] = .string(call.status.rawValue)
        if let duration = call.duration { member["durationMilliseconds"] = .number(Self.milliseconds(duration)) }
        return .object(member)
      })
    object["results"] = .array(
      results.map { result in
        .object(
          ["callID": .string(result.callID), "summary": .string(result.summary), "success": .bool(result.isSuccess)])
      })
    object["answer"] = .string(answer)
    return .object(object)
  }

  /// The record as one line of JSON (no newline inside), secrets redacted.
  public var jsonLine: String {
    SecretRedactor.redact(json.rendered())
  }

  static func iso8601(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }

  static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
  }
}

/// A tool the model asked for, as a chat UI shows it: which skill, with which
/// arguments, how far it got and how long it took.
///
/// ```swift
/// struct ToolCallRow: View {
///   let call: ChatToolCall
///
///   var body: some View {
///     Label("\(call.displayName) — \(call.status)", systemImage: call.status.isFinished ? "checkmark" : "hourglass")
///   }
/// }
/// ```
public struct ChatToolCall: Identifiable, Sendable, Hashable, Codable {
  /// How far a call got.
  public enum Status: String, Sendable, Hashable, Codable {
    /// Waiting: validated and queued, or waiting for the user's confirmation
    /// (see ``ChatAgent/pendingConfirmation``).
    case pending
    /// The skill is running.
    case running
    /// The skill returned a result.
    case succeeded
    /// The call could not be used (unknown tool, invalid arguments), the
    /// skill threw or timed out; ``ChatToolCall/error`` says why.
    case failed
    /// The turn was cancelled before the call finished; it has no result.
    case cancelled
    /// The user declined to run it.
    case denied

    /// Whether the call is over (every status but ``pending`` and ``running``).
    public var isFinished: Bool {
      switch self {
      case .pending, .running: false
      default: true
      }
    }
  }

  /// The model's identifier for the call, echoed in its result.
  public let id: String
  /// The tool name the model used, as sent.
  public let name: String
  /// The registered skill the name resolved to; `nil` for an unknown tool.
  public var skillID: String?
  /// The name people see: the skill's display name, else the tool name.
  public var displayName: String
  /// The arguments the model sent (after validation: `{}` for none).
  public var arguments: JSONValue
  /// How far the call got.
  public var status: Status
  /// How long the skill ran, on the agent's clock; `nil` when it never ran.
  public var duration: Duration?
  /// Why the call failed, as the model was told; `nil` unless failed.
  public var error: String?

  /// Creates a call.
  ///
  /// - Parameters:
  ///   - id: The model's identifier for the call.
  ///   - name: The tool name the model used.
  ///   - skillID: The skill it resolved to.
  ///   - displayName: The name people see.
  ///   - arguments: The arguments.
  ///   - status: How far it got. Defaults to ``Status/pending``.
  ///   - duration: How long the skill ran.
  ///   - error: Why it failed.
  public init(
    id: String, name: String, skillID: String?, displayName: String, arguments: JSONValue,
    status: Status = .pending, duration: Duration? = nil, error: String? = nil
  ) {
    self.id = id
    self.name = name
    self.skillID = skillID
    self.displayName = displayName
    self.arguments = arguments
    self.status = status
    self.duration = duration
    self.error = error
  }
}

/// A tool's result in the conversation: what the model was told and what the UI shows.
public struct ChatToolResult: Sendable, Hashable, Codable {
  /// The call this answers.
  public let callID: String
  /// The skill that produced it; `nil` for an unknown tool.
  public let skillID: String?
  /// The name people see.
  public let displayName: String
  /// What the model read: the skill's ``ToolOutput/summary`` (never raw
  /// data), or why the call failed or was declined.
  public let summary: String
  /// What the UI shows (``ToolDisplay/none`` for failures).
  public let display: ToolDisplay
  /// Whether the call succeeded (`false` for failures and declines).
  public let isSuccess: Bool

  /// Creates a result.
  ///
  /// - Parameters:
  ///   - callID: The call this answers.
  ///   - skillID: The skill that produced it.
  ///   - displayName: The name people see.
  ///   - summary: What the model read.
  ///   - display: What the UI shows.
  ///   - isSuccess: Whether the call succeeded.
  public init(
    callID: String, skillID: String?, displayName: String, summary: String, display: ToolDisplay, isSuccess: Bool
  ) {
    self.callID = callID
    self.skillID = skillID
    self.displayName = displayName
    self.summary = summary
    self.display = display
    self.isSuccess = isSuccess
  }
}

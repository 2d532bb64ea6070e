/// What a ``ChatAgent`` is doing right now — the one value a chat screen
/// switches on.
///
/// ```swift
/// struct ChatStatus: View {
///   let chat: ChatAgent
///
///   var body: some View {
///     switch chat.phase {
///     case .idle: EmptyView()
///     case .analyzing, .selectingSkill: ProgressView("Thinking…")
///     case .executing(let skillID): Text("Executing: \(chat.registry.displayName(for: skillID) ?? skillID)")  // 天气查询
///     case .awaitingConfirmation: Text("Waiting for your answer")
///     case .responding: ProgressView()
///     case .failed(let message): Text(message).foregroundStyle(.red)
///     }
///   }
/// }
/// ```
///
/// The normal path is `idle → analyzing → selectingSkill → executing(skillID)
/// → responding → idle`; ``ChatPhaseTransitions`` lists every legal step, and
/// the agent rejects (and records) any other. Associated values are plain
/// strings, so the phase compares cheaply and views refresh reliably:
/// results live in ``ChatAgent/messages``, never in the phase.
public enum ChatPhase: Sendable, Hashable, CustomStringConvertible {
  /// Nothing in flight: waiting for the user.
  case idle
  /// Reading the user's message and matching it against the registry.
  case analyzing
  /// The model is deciding whether and which tools to call.
  case selectingSkill
  /// Running a tool; `skillID` is the one shown in the "executing: …" panel.
  case executing(skillID: String)
  /// A tool that needs the user's consent is waiting for ``ChatAgent/confirm()`` or ``ChatAgent/deny()``.
  case awaitingConfirmation(skillID: String)
  /// The model is writing the answer (text streams into the last assistant message).
  case responding
  /// The turn failed; the message says why. Sending again recovers.
  case failed(String)

  /// The phase without its associated value, for tables and switches.
  public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
    /// ``ChatPhase/idle``.
    case idle
    /// ``ChatPhase/analyzing``.
    case analyzing
    /// ``ChatPhase/selectingSkill``.
    case selectingSkill
    /// ``ChatPhase/executing(skillID:)``.
    case executing
    /// ``ChatPhase/awaitingConfirmation(skillID:)``.
    case awaitingConfirmation
    /// ``ChatPhase/responding``.
    case responding
    /// ``ChatPhase/failed(_:)``.
    case failed
  }

  /// The phase's kind.
  public var kind: Kind {
    switch self {
    case .idle: .idle
    case .analyzing: .analyzing
    case .selectingSkill: .selectingSkill
    case .executing: .executing
    case .awaitingConfirmation: .awaitingConfirmation
    case .responding: .responding
    case .failed: .failed
    }
  }

  /// Whether a turn is in progress (every phase but ``idle`` and ``failed(_:)``).
  public var isBusy: Bool {
    switch self {
    case .idle, .failed: false
    default: true
    }
  }

  /// The skill being executed or awaiting confirmation, if any.
  public var skillID: String? {
    switch self {
    case .executing(let id), .awaitingConfirmation(let id): id
    default: nil
    }
  }

  /// `idle`, `executing(weather)`, `failed(The model server …)`.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .analyzing: "analyzing"
    case .selectingSkill: "selectingSkill"
    case .executing(let id): "executing(\(id))"
    case .awaitingConfirmation(let id): "awaitingConfirmation(\(id))"
    case .responding: "responding"
    case .failed(let message): "failed(\(message))"
    }
  }
}

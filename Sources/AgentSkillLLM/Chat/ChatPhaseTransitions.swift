/// The legal steps between ``ChatPhase``s: one table, checked by the chat
/// agent's reducer on every phase change, so code can never make an
/// illegal jump such as idle straight to executing.
///
/// | from | to |
/// |---|---|
/// | `idle` | `analyzing` |
/// | `analyzing` | `selectingSkill`, `responding` (nothing matched: plain chat), `idle`, `failed` |
/// | `selectingSkill` | `executing`, `responding`, `idle`, `failed` |
/// | `executing` | `executing` (another skill), `awaitingConfirmation`, `selectingSkill` (results sent back), `responding`, `idle`, `failed` |
/// | `awaitingConfirmation` | `executing` (confirmed), `awaitingConfirmation` (the next one), `selectingSkill` (denied), `idle`, `failed` |
/// | `responding` | `executing` (the model called a tool after some text), `idle`, `failed` |
/// | `failed` | `analyzing` (sent again), `idle` |
///
/// Staying in the same phase (equal values) is not a transition and is
/// always allowed. `awaitingConfirmation` never leads straight to
/// `responding`: an answer cannot skip the user's decision.
///
/// ```swift
/// ChatPhaseTransitions.allows(.idle, .analyzing)                    // true
/// ChatPhaseTransitions.allows(.idle, .executing(skillID: "weather")) // false
/// ```
public enum ChatPhaseTransitions {
  /// The kinds each kind may move to.
  public static let table: [ChatPhase.Kind: Set<ChatPhase.Kind>] = [
    .idle: [.analyzing],
    .analyzing: [.selectingSkill, .responding, .idle, .failed],
    .selectingSkill: [.executing, .responding, .idle, .failed],
    .executing: [.executing, .awaitingConfirmation, .selectingSkill, .responding, .idle, .failed],
    .awaitingConfirmation: [.executing, .awaitingConfirmation, .selectingSkill, .idle, .failed],
    .responding: [.executing, .idle, .failed],
    .failed: [.analyzing, .idle],
  ]

  /// The kinds `kind` may move to.
  ///
  /// - Parameter kind: The current kind.
  /// - Returns: The allowed next kinds.
  public static func successors(of kind: ChatPhase.Kind) -> Set<ChatPhase.Kind> {
    table[kind] ?? []
  }

  /// Whether a phase of kind `from` may move to one of kind `to`.
  ///
  /// - Parameters:
  ///   - from: The current kind.
  ///   - to: The next kind.
  /// - Returns: Whether the table lists the step.
  public static func allows(from: ChatPhase.Kind, to: ChatPhase.Kind) -> Bool {
    successors(of: from).contains(to)
  }

  /// Whether the agent may move from `from` to `to`: equal phases always
  /// (no change), otherwise when the table lists the kinds' step.
  ///
  /// - Parameters:
  ///   - from: The current phase.
  ///   - to: The next phase.
  /// - Returns: Whether the step is legal.
  public static func allows(_ from: ChatPhase, _ to: ChatPhase) -> Bool {
    from == to || allows(from: from.kind, to: to.kind)
  }
}

/// A phase change the chat agent refused because ``ChatPhaseTransitions``
/// does not allow it; kept in ``ChatContext/rejectedTransitions``, recorded
/// in the agent's timeline and logged as a warning.
public struct PhaseTransitionRejection: Sendable, Hashable, CustomStringConvertible {
  /// The phase the agent stayed in.
  public let from: ChatPhase
  /// The phase that was asked for.
  public let to: ChatPhase

  /// Creates a rejection.
  ///
  /// - Parameters:
  ///   - from: The phase the agent stayed in.
  ///   - to: The phase that was asked for.
  public init(from: ChatPhase, to: ChatPhase) {
    self.from = from
    self.to = to
  }

  /// `illegal phase transition idle → executing(weather) rejected; allowed from idle: analyzing`.
  public var description: String {
    let allowed = ChatPhaseTransitions.successors(of: from.kind).map(\.rawValue).sorted().joined(separator: ", ")
    return "illegal phase transition \(from) → \(to) rejected; allowed from \(from.kind.rawValue): \(allowed)"
  }
}

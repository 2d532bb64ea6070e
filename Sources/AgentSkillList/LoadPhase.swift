import AgentSkill

/// What a list screen shows: nothing yet, a spinner with a hint, the
/// content, an empty state or a failure with a retry button.
///
/// ```swift
/// struct InboxScreen: View {
///   let agent: ListAgent<Message>
///   var body: some View {
///     switch agent.phase {
///     case .idle, .loading: ProgressView(agent.phase.hint ?? "")
///     case .empty(let hint): ContentUnavailableView("No messages", systemImage: "tray", description: Text(hint))
///     case .failure(let message):
///       VStack { Text(message); Button("Retry") { agent.send(.retry) } }
///     case .loaded: List(agent.items) { MessageRow(message: $0) }
///     }
///   }
/// }
/// ```
///
/// Payloads are plain strings on purpose: a phase compares by value, so
/// SwiftUI always sees a change (a payload without equality, such as an
/// `Error`, can hide one), and it encodes into timelines.
/// Keep richer error values in ``ListContext/error``.
public enum LoadPhase: Hashable, Sendable, Codable {
  /// Nothing was requested yet.
  case idle
  /// Work is in flight; the hint says what (`"Loading…"`, `"Refreshing…"`).
  case loading(String)
  /// The content is shown.
  case loaded
  /// There is nothing to show; the hint says so (`"No messages yet"`).
  case empty(String)
  /// Loading failed; the message is the user-facing fallback prompt.
  case failure(String)

  /// Whether work is in flight.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// Whether the phase is a failure.
  public var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }

  /// The text carried by the phase: the loading or empty hint, or the
  /// failure message; `nil` for ``idle`` and ``loaded``.
  public var hint: String? {
    switch self {
    case .idle, .loaded: nil
    case .loading(let text), .empty(let text), .failure(let text): text
    }
  }
}

import AgentSkill

/// What a screen shows: nothing yet, a spinner with a hint, the
/// content, an empty state or a failure with a retry button.
///
/// ```swift
/// struct InboxScreen: View {
///   let agent: ListAgent<Message>
///   var body: some View {
///     switch agent.phase {
///     case .idle, .loading: ProgressView(agent.phase.hint ?? "")
///     case .empty(let hint): ContentUnavailableView("No messages", systemImage: "tray", description: Text(hint))
///     case .failure(let error):
///       VStack { Text(error.message); Button("Retry") { agent.send(.retry) } }
///     case .loaded: List(agent.items) { MessageRow(message: $0) }
///     }
///   }
/// }
/// ```
///
/// A failure lives here and nowhere else: ``failure(_:)`` carries the whole
/// ``ListError`` — the message for the user, the operation, the attempts and
/// the detail for logs. Payloads are plain values on purpose: a phase
/// compares by value, so SwiftUI always sees a change (a payload without
/// equality, such as an `Error`, can hide one), and it encodes into
/// timelines. A context of your own uses the phase too:
///
/// ```swift
/// struct Profile: Sendable {
///   var phase: LoadPhase = .idle
/// }
///
/// func showOffline(_ profile: inout Profile) {
///   profile.phase = .failure("You're offline.")   // a ListError with this message
/// }
/// ```
public enum LoadPhase: Hashable, Sendable, Codable {
  /// Nothing was requested yet.
  case idle
  /// Work is in flight; the hint says what (`"Loading…"`, `"Refreshing…"`).
  case loading(String)
  /// The content is shown.
  case loaded
  /// There is nothing to show; the hint says so (`"No messages yet"`).
  case empty(String)
  /// Loading failed; the error's ``ListError/message`` is the user-facing
  /// fallback prompt.
  case failure(ListError)

  /// Whether work is in flight.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The failure, or `nil` when the phase is not ``failure(_:)``.
  public var error: ListError? {
    if case .failure(let error) = self { return error }
    return nil
  }

  /// The text carried by the phase: the loading or empty hint, or the
  /// failure's message; `nil` for ``idle`` and ``loaded``.
  public var hint: String? {
    switch self {
    case .idle, .loaded: nil
    case .loading(let text), .empty(let text): text
    case .failure(let error): error.message
    }
  }
}

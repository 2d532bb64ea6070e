/// An agent a parent owns through ``AgentChildren``: when the value it was
/// created for leaves the parent's context, it is told to stop its work.
///
/// ``Agent`` conforms. For destinations of different kinds, conform an enum
/// of their agents:
///
/// ```swift
/// enum Screen: ChildAgent {
///   case messages(MessageAgent)
///   case signUp(SignUpAgent)
///
///   func cancelAll() {
///     switch self {
///     case .messages(let agent): agent.cancelAll()
///     case .signUp(let agent): agent.cancelAll()
///     }
///   }
/// }
/// ```
@MainActor
public protocol ChildAgent {
  /// Cancels every run, in flight and queued; their late effects are dropped.
  func cancelAll()
}

extension Agent: ChildAgent {}

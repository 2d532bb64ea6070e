/// What a child agent gets from the parent that creates it: the parent's
/// environment to build on, and a way to report back.
///
/// ```swift
/// enum Route: Hashable, Sendable { case message(Int) }
/// enum AppIntent: Sendable { case messageDeleted(Int) }
///
/// @MainActor func makeDetail(for route: Route, parent: AgentParent<AppIntent>) -> MessageAgent {
///   var environment = parent.environment
///   environment.dependencies.weather = MockWeather()  // this subtree only
///   return MessageAgent(
///     context: MessageContext(), skills: [], reduce: { _, _ in [] }, environment: environment)
/// }
/// ```
///
/// It never keeps the parent alive: after the parent is released,
/// ``send(_:)`` does nothing and returns a settled handle.
@MainActor
public struct AgentParent<Intent: Sendable> {
  /// The parent's environment: clock, dependencies, monitor and log sink.
  /// Pass it to the child (changed where the subtree needs other values), so
  /// that a value set once at the root reaches every agent and skill below.
  public let environment: SkillEnvironment
  /// The parent's log tag.
  public let tag: String
  private let deliver: @MainActor (Intent) -> AgentTask?

  /// Creates the handle of `parent`.
  init<Context, Effect>(_ parent: Agent<Context, Intent, Effect>) {
    environment = parent.environment
    tag = parent.tag
    deliver = { [weak parent] intent in parent?.send(intent) }
  }

  /// Sends `intent` to the parent — a delegate intent such as "saved" or
  /// "dismiss me".
  ///
  /// - Parameter intent: The parent's intent.
  /// - Returns: The parent's handle on it; settled at once when the parent was released.
  @discardableResult
  public func send(_ intent: Intent) -> AgentTask {
    deliver(intent) ?? .settled
  }
}

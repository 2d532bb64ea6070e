/// Child agents that live exactly as long as values in their parent's
/// context: one per destination on a navigation path, one for a presented
/// sheet, or one per row of a list.
///
/// The parent's context holds the values (plain `Hashable` data, such as a
/// path of routes); the children follow it. After every batch of effects and
/// every ``Agent/apply(_:)`` that changed the context, a value that appeared
/// gets its child — created by `make`, synchronously, so it is there when the
/// view for it is built — and a child whose value left is released and
/// cancelled (``ChildAgent/cancelAll()``): no effect of its runs is applied
/// afterwards, however long a view keeps it.
///
/// ```swift
/// enum Route: Hashable, Sendable { case message(Int) }
/// struct AppContext: Equatable, Sendable { var path: [Route] = [] }
/// enum AppIntent: Sendable { case open(Route) }
/// enum AppEffect: Sendable { case setPath([Route]) }
///
/// @MainActor func makeApp() -> (Agent<AppContext, AppIntent, AppEffect>, AgentChildren<Route, MessageAgent>) {
///   let app = Agent<AppContext, AppIntent, AppEffect>(
///     context: AppContext(), skills: [],
///     reduce: { context, effect in
///       if case .setPath(let path) = effect { context.path = path }
///       return []
///     })
///   let screens = app.children(of: \.path) { route, parent in
///     MessageAgent(
///       context: MessageContext(), skills: [], reduce: { _, _ in [] }, environment: parent.environment)
///   }
///   return (app, screens)
/// }
/// ```
///
/// In SwiftUI, bind the path with `NavigationStack(path: app.binding(\.path, apply: AppEffect.setPath))`
/// and build each destination from `screens[route]`; a back button or swipe
/// sets the path, which releases the child. A deep link is an effect that
/// sets the path.
///
/// The parent keeps the children (and this object) for as long as it
/// lives; holding them never keeps the parent alive. Values are
/// distinct: a value listed twice has one child.
@MainActor
public final class AgentChildren<Key: Hashable & Sendable, Child: ChildAgent> {
  private var children: [Key: Child] = [:]
  private let make: @MainActor (Key) -> Child

  /// The values that have a child, in the order the parent's context lists them.
  public private(set) var keys: [Key] = []

  init(make: @escaping @MainActor (Key) -> Child) {
    self.make = make
  }

  /// The child for `key`, or `nil` when the parent's context does not list it.
  ///
  /// - Parameter key: The value the child was created for.
  public subscript(key: Key) -> Child? { children[key] }

  /// The children, in the order of ``keys``.
  public var all: [Child] { keys.compactMap { children[$0] } }

  /// Creates the children of new values and releases those of values that left.
  func follow(_ listed: [Key]) {
    guard listed != keys else { return }
    var present = Set<Key>()
    var ordered: [Key] = []
    for key in listed where present.insert(key).inserted { ordered.append(key) }
    let leaving = keys.filter { !present.contains($0) }
    keys = ordered
    for key in leaving {
      if let child = children.removeValue(forKey: key) { child.cancelAll() }
    }
    for key in ordered where children[key] == nil { children[key] = make(key) }
  }
}

extension Agent {
  /// Creates a child agent for each value `keys` lists in the context, and
  /// releases it when the value leaves; see ``AgentChildren``.
  ///
  /// - Parameters:
  ///   - keys: The values that have children, read from the context:
  ///     a navigation path (`\.path`), or the rows' identifiers.
  ///   - make: Creates the child for a value; the ``AgentParent`` it gets
  ///     carries this agent's environment and sends delegate intents back.
  /// - Returns: The children, kept by this agent for as long as it lives.
  @discardableResult
  public func children<Key: Hashable & Sendable, Child: ChildAgent>(
    of keys: @escaping @MainActor (Context) -> [Key],
    make: @escaping @MainActor (Key, AgentParent<Intent>) -> Child
  ) -> AgentChildren<Key, Child> {
    let parent = AgentParent(self)
    let children = AgentChildren<Key, Child> { make($0, parent) }
    children.follow(keys(state))
    contextFollowers.append { children.follow(keys($0)) }
    return children
  }

  /// Creates a child agent while `key` reads a value from the context — a
  /// presented sheet or cover — and releases it when the value is cleared or
  /// replaced; see ``AgentChildren``.
  ///
  /// With `.sheet(item: app.binding(\.sheet, apply: AppEffect.present))`, the
  /// sheet's content reads `sheets[item]`; dismissing it clears the value and
  /// releases the child.
  ///
  /// - Parameters:
  ///   - key: The presented value, or `nil` when nothing is presented.
  ///   - make: Creates the child for a value.
  /// - Returns: The children (at most one), kept by this agent for as long as it lives.
  @discardableResult
  public func children<Key: Hashable & Sendable, Child: ChildAgent>(
    presenting key: @escaping @MainActor (Context) -> Key?,
    make: @escaping @MainActor (Key, AgentParent<Intent>) -> Child
  ) -> AgentChildren<Key, Child> {
    children(of: { context -> [Key] in key(context).map { [$0] } ?? [] }, make: make)
  }
}

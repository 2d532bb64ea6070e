/// An intent type whose cases declare the permissions they need from the
/// parent agent (in a tree of agents, the parent owns permissions).
///
/// ```swift
/// enum Permission: Hashable, Sendable { case camera, network }
///
/// enum ChatIntent: PermissionRequiring, Sendable {
///   case send(String), attachPhoto, clearDraft
///
///   var requiredPermissions: Set<Permission> {
///     switch self {
///     case .attachPhoto: [.camera]
///     case .send: [.network]
///     case .clearDraft: []
///     }
///   }
/// }
/// ```
public protocol PermissionRequiring {
  /// The permission type the parent grants.
  associatedtype Permission: Hashable & Sendable
  /// The permissions this intent needs; empty when it needs none.
  var requiredPermissions: Set<Permission> { get }
}

/// An intent type whose navigation cases go to the parent agent instead of a
/// skill (in a tree of agents, the parent owns navigation and the children
/// own their data).
///
/// ```swift
/// enum Route: Sendable { case profile(userID: String), settings }
///
/// enum ChatIntent: NavigationRequesting, Sendable {
///   case send(String), openProfile(userID: String)
///
///   var navigationRequest: Route? {
///     if case .openProfile(let userID) = self { return .profile(userID: userID) }
///     return nil
///   }
/// }
/// ```
public protocol NavigationRequesting {
  /// The typed destination the parent understands.
  associatedtype Route: Sendable
  /// The destination when this intent is a navigation request, otherwise `nil`.
  var navigationRequest: Route? { get }
}

/// The error a child agent's failure mapping receives when its parent vetoes
/// an intent because a required permission is not granted.
///
/// ```swift
/// enum Permission: Hashable, Sendable { case camera, network }
/// enum ChatIntent: Sendable { case send(String), attachPhoto }
/// enum ChatEffect: Sendable { case showPermissionPrompt(Set<Permission>), setFailure(String) }
///
/// // the child agent's `mapFailure:`
/// func mapFailure(_ error: any Error, _ intent: ChatIntent) -> ChatEffect? {
///   if let denied = error as? AgentPermissionDenied<Permission> { return .showPermissionPrompt(denied.missing) }
///   return .setFailure("Something went wrong")
/// }
/// ```
public struct AgentPermissionDenied<Permission: Hashable & Sendable>: Error, CustomStringConvertible {
  /// The required permissions the parent does not grant.
  public let missing: Set<Permission>
  /// The parent's log tag, or `nil` when the parent agent was released.
  public let parent: String?

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - missing: The required permissions not granted.
  ///   - parent: The parent's log tag, or `nil` when it was released.
  public init(missing: Set<Permission>, parent: String?) {
    self.missing = missing
    self.parent = parent
  }

  /// What is missing and how to fix it.
  public var description: String {
    let names = missing.map { String(describing: $0) }.sorted().joined(separator: ", ")
    guard let parent else {
      return "missing permission \(names): the parent agent was released; attach the child to a live parent"
    }
    return "missing permission \(names): grant it in the context of the parent agent \(parent)"
  }
}

/// How a child agent consults its parent; the parent's types are erased here
/// and typed at ``Agent/attach(to:granted:navigate:)``.
struct AgentParentLink<Intent> {
  enum Forwarding {
    case notNavigation
    case forwarded(AgentTask)
    case parentReleased
  }

  let parentTag: String
  /// The veto for an intent, or `nil` when it may run.
  let denial: @MainActor (Intent) -> (any Error)?
  /// Sends a navigation request to the parent.
  let forward: @MainActor (Intent) -> Forwarding
}

extension Agent where Intent: PermissionRequiring & NavigationRequesting {
  /// Makes this agent a child of `parent`: the parent vetoes intents whose
  /// required permissions it does not grant, and receives navigation requests.
  ///
  /// ```swift
  /// enum Permission: Hashable, Sendable { case camera, network }
  /// enum Route: Sendable { case settings }
  ///
  /// enum ChatIntent: PermissionRequiring, NavigationRequesting, Sendable {
  ///   case attachPhoto, openSettings
  ///   var requiredPermissions: Set<Permission> { self == .attachPhoto ? [.camera] : [] }
  ///   var navigationRequest: Route? { self == .openSettings ? .settings : nil }
  /// }
  /// struct AppContext: Sendable { var grantedPermissions: Set<Permission> = [.network] }
  /// enum AppIntent: Sendable { case navigate(Route) }
  ///
  /// @MainActor func connect(_ chat: Agent<Void, ChatIntent, Never>, to app: Agent<AppContext, AppIntent, Never>) {
  ///   chat.attach(to: app, granted: \.grantedPermissions, navigate: AppIntent.navigate)
  /// }
  /// ```
  ///
  /// A vetoed intent never runs: the timeline records the veto and the
  /// child's failure mapping receives ``AgentPermissionDenied``. A navigation
  /// request is sent to the parent as `navigate(route)`; ``send(_:)`` then
  /// returns the parent's handle. When the parent has been released, intents
  /// requiring permissions are vetoed and navigation requests dropped.
  /// The link never keeps the parent alive; attaching again replaces it.
  ///
  /// - Parameters:
  ///   - parent: The parent agent.
  ///   - granted: The permissions granted, read from the parent's current context.
  ///   - navigate: Turns a route into the parent's intent.
  public func attach<ParentContext, ParentIntent, ParentEffect>(
    to parent: Agent<ParentContext, ParentIntent, ParentEffect>,
    granted: @escaping @MainActor (ParentContext) -> Set<Intent.Permission>,
    navigate: @escaping @MainActor (Intent.Route) -> ParentIntent
  ) {
    parentLink = AgentParentLink(
      parentTag: parent.tag,
      denial: Self.permissionCheck(parent: parent, granted: granted),
      forward: Self.navigationForwarding(parent: parent, navigate: navigate))
  }
}

extension Agent where Intent: PermissionRequiring {
  /// Makes this agent a child of `parent` that vetoes intents whose required
  /// permissions the parent does not grant; see ``attach(to:granted:navigate:)``.
  ///
  /// - Parameters:
  ///   - parent: The parent agent.
  ///   - granted: The permissions granted, read from the parent's current context.
  public func attach<ParentContext, ParentIntent, ParentEffect>(
    to parent: Agent<ParentContext, ParentIntent, ParentEffect>,
    granted: @escaping @MainActor (ParentContext) -> Set<Intent.Permission>
  ) {
    parentLink = AgentParentLink(
      parentTag: parent.tag,
      denial: Self.permissionCheck(parent: parent, granted: granted),
      forward: { _ in .notNavigation })
  }

  static func permissionCheck<ParentContext, ParentIntent, ParentEffect>(
    parent: Agent<ParentContext, ParentIntent, ParentEffect>,
    granted: @escaping @MainActor (ParentContext) -> Set<Intent.Permission>
  ) -> @MainActor (Intent) -> (any Error)? {
    let tag = parent.tag
    return { [weak parent] intent in
      let required = intent.requiredPermissions
      guard !required.isEmpty else { return nil }
      guard let parent else { return AgentPermissionDenied(missing: required, parent: nil) }
      let missing = required.subtracting(granted(parent.context))
      return missing.isEmpty ? nil : AgentPermissionDenied(missing: missing, parent: tag)
    }
  }
}

extension Agent where Intent: NavigationRequesting {
  /// Makes this agent a child of `parent` that sends its navigation requests
  /// to the parent; see ``attach(to:granted:navigate:)``.
  ///
  /// - Parameters:
  ///   - parent: The parent agent.
  ///   - navigate: Turns a route into the parent's intent.
  public func attach<ParentContext, ParentIntent, ParentEffect>(
    to parent: Agent<ParentContext, ParentIntent, ParentEffect>,
    navigate: @escaping @MainActor (Intent.Route) -> ParentIntent
  ) {
    parentLink = AgentParentLink(
      parentTag: parent.tag, denial: { _ in nil },
      forward: Self.navigationForwarding(parent: parent, navigate: navigate))
  }

  static func navigationForwarding<ParentContext, ParentIntent, ParentEffect>(
    parent: Agent<ParentContext, ParentIntent, ParentEffect>,
    navigate: @escaping @MainActor (Intent.Route) -> ParentIntent
  ) -> @MainActor (Intent) -> AgentParentLink<Intent>.Forwarding {
    { [weak parent] intent in
      guard let route = intent.navigationRequest else { return .notNavigation }
      guard let parent else { return .parentReleased }
      return .forwarded(parent.send(navigate(route)))
    }
  }
}

extension Agent {
  /// Whether this agent is attached to a parent.
  package var hasParent: Bool { parentLink != nil }

  /// Detaches this agent from its parent: no more vetoes, and navigation
  /// intents go to this agent's own skills again.
  package func detachFromParent() {
    parentLink = nil
  }
}

import AgentSkill
import AgentSkillTesting
import Foundation
import Testing

private enum Permission: Hashable, Sendable {
  case network
  case camera
}

private enum Route: Hashable, Sendable {
  case profile(String)
}

private enum ChildIntent: Hashable, Sendable, PermissionRequiring, NavigationRequesting {
  case load
  case attachPhoto
  case openProfile(String)

  var requiredPermissions: Set<Permission> {
    switch self {
    case .load: [.network]
    case .attachPhoto: [.camera, .network]
    case .openProfile: []
    }
  }

  var navigationRequest: Route? {
    if case .openProfile(let id) = self { return .profile(id) }
    return nil
  }
}

private enum ChildEffect: Hashable, Sendable {
  case note(String)
}

private struct ParentContext: Equatable, Sendable {
  var granted: Set<Permission> = []
  var path: [Route] = []
}

private enum ParentIntent: Hashable, Sendable {
  case grant(Permission)
  case navigate(Route)
}

private enum ParentEffect: Hashable, Sendable {
  case granted(Permission)
  case pushed(Route)
}

private typealias ChildAgent = Agent<[String], ChildIntent, ChildEffect>
private typealias ParentAgent = Agent<ParentContext, ParentIntent, ParentEffect>

@MainActor
@Suite("Agent tree")
struct AgentTreeTests {
  private func makeParent() -> ParentAgent {
    ParentAgent(
      context: ParentContext(),
      skills: [
        ClosureIntentSkill<ParentContext, ParentIntent, ParentEffect>("AppShell", canHandle: { _ in true }) {
          intent, _, emit in
          switch intent {
          case .grant(let permission): emit(.granted(permission))
          case .navigate(let route): emit(.pushed(route))
          }
          return .handled
        }
      ],
      reduce: { context, effect in
        switch effect {
        case .granted(let permission): context.granted.insert(permission)
        case .pushed(let route): context.path.append(route)
        }
        return []
      },
      name: "AppAgent")
  }

  private func makeChild() -> ChildAgent {
    ChildAgent(
      context: [],
      skills: [
        ClosureIntentSkill<[String], ChildIntent, ChildEffect>("ChildSkill", canHandle: { _ in true }) {
          intent, _, emit in
          emit(.note("ran \(intent)"))
          return .handled
        }
      ],
      reduce: { context, effect in
        if case .note(let note) = effect { context.append(note) }
        return []
      },
      mapFailure: { error, intent in
        guard let denied = error as? AgentPermissionDenied<Permission> else { return nil }
        let missing = denied.missing.map { "\($0)" }.sorted().joined(separator: ",")
        return .note("denied \(intent): \(missing)")
      },
      name: "ChatAgent")
  }

  @Test func parentVetoesIntentsWhosePermissionsItDoesNotGrant() async {
    let parent = makeParent()
    let child = makeChild()
    child.attach(to: parent, granted: \.granted, navigate: ParentIntent.navigate)
    #expect(child.hasParent)

    await child.send(.load).finish()
    #expect(child.context == ["denied load: network"])
    #expect(child.timeline.kinds.contains(.intentVetoed))
    #expect(!child.timeline.kinds.contains(.skillStarted))

    await parent.send(.grant(.network)).finish()
    await child.send(.load).finish()
    await child.send(.attachPhoto).finish()
    #expect(child.context == ["denied load: network", "ran load", "denied attachPhoto: camera"])
  }

  @Test func navigationRequestsGoToTheParent() async {
    let parent = makeParent()
    let child = makeChild()
    child.attach(to: parent, navigate: ParentIntent.navigate)

    await child.send(.openProfile("ada")).finish()

    #expect(parent.context.path == [.profile("ada")])
    #expect(child.context.isEmpty)
    #expect(child.timeline.kinds.contains(.intentForwarded))
    #expect(
      parent.timeline.entries.contains { entry in
        if case .intentReceived(.navigate(.profile("ada")), _) = entry.event { return true }
        return false
      })
  }

  @Test func permissionsOnlyLinkLetsNavigationIntentsReachTheChildsSkills() async {
    let parent = makeParent()
    let child = makeChild()
    child.attach(to: parent, granted: \.granted)
    await child.send(.openProfile("ada")).finish()
    #expect(child.context == ["ran openProfile(\"ada\")"])
    #expect(parent.context.path.isEmpty)
  }

  @Test func releasedParentFailsClosed() async {
    let child = makeChild()
    do {
      let parent = makeParent()
      child.attach(to: parent, granted: \.granted, navigate: ParentIntent.navigate)
    }
    await child.send(.load).finish()
    await child.send(.openProfile("ada")).finish()
    #expect(child.context == ["denied load: network"])
    let dropped = child.timeline.entries.contains { entry in
      if case .intentDropped(.openProfile, let reason) = entry.event { return reason == "parent agent released" }
      return false
    }
    #expect(dropped)
  }

  @Test func detachingRestoresStandaloneBehaviour() async {
    let parent = makeParent()
    let child = makeChild()
    child.attach(to: parent, granted: \.granted, navigate: ParentIntent.navigate)
    child.detachFromParent()
    #expect(!child.hasParent)
    await child.send(.load).finish()
    #expect(child.context == ["ran load"])
  }

  @Test func deniedErrorExplainsTheFix() {
    let denied = AgentPermissionDenied<Permission>(missing: [.camera], parent: "AppAgent-1234")
    #expect(
      denied.description == "missing permission camera: grant it in the context of the parent agent AppAgent-1234")
  }
}

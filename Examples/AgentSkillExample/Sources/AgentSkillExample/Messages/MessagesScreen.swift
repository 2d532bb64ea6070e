#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillUI
  import SwiftUI

  /// The messages tab: the inbox, rendered by phase, in a navigation stack
  /// whose path is the root agent's state. Each pushed route's screen gets
  /// the agent the root created for it.
  struct MessagesScreen: View {
    let root: AppRoot
    @State private var showsTimeline = false

    var body: some View {
      NavigationStack(path: root.agent.binding(\.path, apply: AppEffect.setPath)) {
        AgentRenderView(
          root.inbox, phase: \.phase, retry: .list(.retry), hasContent: { !$0[dynamicMember: \.items.isEmpty] }
        ) { _ in
          MessageList()
        }
        .emptyView { hint in
          ContentUnavailableView(
            label: { Label(hint, systemImage: "tray") },
            description: { Text("Pull down to check again.") })
        }
        .sending(.list(.load), to: root.inbox)
        .refreshable { await root.inbox.send(.list(.refresh)).finish() }
        .navigationTitle("Messages")
        .navigationDestination(for: AppRoute.self) { route in
          switch root.screens[route] {
          case .message(let agent)?: MessageDetailScreen(agent: agent, root: root)
          case .compose(let form, _)?: ComposeScreen(form: form)
          case nil: EmptyView()
          }
        }
        .toolbar {
          Button("New message", systemImage: "square.and.pencil") { root.apply(.push(.compose(replyTo: nil))) }
          Button("Settings", systemImage: "gear") { root.apply(.present(.settings)) }
          Button("Timeline", systemImage: "list.bullet.rectangle") { showsTimeline = true }
        }
        .sheet(isPresented: $showsTimeline) {
          NavigationStack { AgentDebugPanel(root.inbox) }
        }
      }
      .environment(root.inbox)
    }
  }
#endif

#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillUI
  import SwiftUI

  /// The messages screen: one list agent, injected once, rendered by phase.
  struct MessagesScreen: View {
    @State private var agent = MessagesScreen.makeAgent(server: MessageServer())
    @State private var showsTimeline = false

    var body: some View {
      NavigationStack {
        AgentRenderView(agent) { context in
          MessageList(context: context)
        }
        .emptyView { hint in
          ContentUnavailableView(
            label: { Label(hint, systemImage: "tray") },
            description: { Text("Pull down to check again.") })
        }
        .sending(.load, to: agent)
        .refreshable { await agent.send(.refresh).finish() }
        .navigationTitle("Messages")
        .toolbar {
          Button("Timeline", systemImage: "list.bullet.rectangle") { showsTimeline = true }
        }
        .sheet(isPresented: $showsTimeline) {
          NavigationStack { AgentDebugPanel(agent) }
        }
      }
      .environment(agent)
    }

    /// The agent with the built-in list skills over `server`.
    static func makeAgent(server: MessageServer) -> ListAgent<Message> {
      ListAgent<Message>(
        skills: [
          ListLoadSkill(fetch: { try await server.page($0) }),
          ListPaginationSkill(fetch: { try await server.page($0) }),
          ListStreamSkill<Message, AsyncThrowingStream<String, any Error>>(
            makeItem: { Message.assistantReply($0) },
            stream: { server.reply(to: $0) }),
        ],
        name: "MessagesAgent")
    }
  }
#endif

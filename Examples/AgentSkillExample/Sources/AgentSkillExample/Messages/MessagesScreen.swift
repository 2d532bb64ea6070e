#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillUI
  import SwiftUI

  /// The messages screen: one list agent, injected once, rendered by phase.
  struct MessagesScreen: View {
    private static let server = MessageServer()
    @State private var agent = MessagesScreen.makeAgent(server: MessagesScreen.server)
    @State private var showsTimeline = false
    @State private var composes = false

    var body: some View {
      NavigationStack {
        AgentRenderView(agent) { _ in
          MessageList()
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
          Button("New message", systemImage: "square.and.pencil") { composes = true }
          Button("Timeline", systemImage: "list.bullet.rectangle") { showsTimeline = true }
        }
        .sheet(isPresented: $showsTimeline) {
          NavigationStack { AgentDebugPanel(agent) }
        }
        .sheet(isPresented: $composes) {
          NavigationStack { ComposeScreen(server: Self.server) }
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

#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillList
  import AgentSkillUI
  import SwiftUI

  /// The loaded screen: the assistant's stream, an archive action with its
  /// progress, and the messages with pagination. Each part reads the fields it
  /// shows through the agent, so a streamed window or a page loading below
  /// refreshes only the part that shows it.
  struct MessageList: View {
    @Environment(MessageListAgent<Message>.self) private var agent
    @State private var archive = SkillRunner(ArchiveSkill())

    var body: some View {
      List {
        Section("Assistant") {
          AssistantPanel()
        }
        Section("Archive") {
          Button("Archive all", systemImage: "archivebox") { archive.perform(agent.items) }
            .disabled(while: archive)
          SkillStatusView(archive, title: Text("Archiving"), retryWith: agent.items)
        }
        Section("Inbox") {
          ForEach(agent.items) { message in
            NavigationLink(value: AppRoute.message(message.id)) {
              MessageRow(message: message)
            }
            .onAppear {
              if message.id == agent.items.last?.id { agent.send(.list(.loadMore)) }
            }
          }
          if agent.isLoadingMore {
            ProgressView().frame(maxWidth: .infinity)
          }
        }
      }
    }
  }
#endif

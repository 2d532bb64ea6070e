#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillUI
  import SwiftUI

  /// The loaded screen: the assistant's stream, an archive action with its
  /// progress, and the messages with pagination.
  struct MessageList: View {
    let context: ListContext<Message>
    @Environment(ListAgent<Message>.self) private var agent
    @State private var archive = SkillRunner(ArchiveSkill())

    var body: some View {
      List {
        Section("Assistant") {
          AssistantPanel(text: context.streamedText, isStreaming: context.isStreaming)
        }
        Section("Archive") {
          Button("Archive all", systemImage: "archivebox") { archive.perform(context.items) }
            .disabled(while: archive)
          SkillStatusView(archive, title: Text("Archiving"), retryWith: context.items)
        }
        Section("Inbox") {
          ForEach(context.items) { message in
            MessageRow(message: message)
              .onAppear {
                if message.id == context.items.last?.id { agent.send(.loadMore) }
              }
          }
          if context.isLoadingMore {
            ProgressView().frame(maxWidth: .infinity)
          }
        }
      }
    }
  }
#endif

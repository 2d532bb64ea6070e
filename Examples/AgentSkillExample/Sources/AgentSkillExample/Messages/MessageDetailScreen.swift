#if canImport(SwiftUI)
  import AgentSkill
  import SwiftUI

  /// A message, with Reply: the screen's agent loads it; Reply pushes the compose screen.
  struct MessageDetailScreen: View {
    let agent: MessageDetailAgent
    let root: AppRoot

    var body: some View {
      Group {
        if let message = agent.message {
          VStack(alignment: .leading, spacing: 12) {
            Text(message.sender).font(.headline)
            Text(message.text)
            Spacer()
          }
          .padding()
        } else if let failure = agent.failure {
          ContentUnavailableView(failure, systemImage: "exclamationmark.triangle")
        } else {
          ProgressView()
        }
      }
      .navigationTitle("Message")
      .toolbar {
        Button("Reply", systemImage: "arrowshape.turn.up.left") {
          root.apply(.push(.compose(replyTo: agent.context.id)))
        }
      }
    }
  }
#endif

import AgentSkill
import AgentSkillList

/// The inbox: a message list over the message server — the list feature's
/// load and pagination, and the assistant's reply streamed into it.
enum Inbox {
  /// The agent with the built-in list skills and the message stream skill over `server`.
  @MainActor
  static func makeAgent(
    server: MessageServer, environment: SkillEnvironment = SkillEnvironment()
  ) -> MessageListAgent<Message> {
    MessageListAgent<Message>(
      listSkills: [
        ListLoadSkill(fetch: { try await server.page($0) }),
        ListPaginationSkill(fetch: { try await server.page($0) }),
      ],
      skills: [
        MessageStreamSkill<Message, AsyncThrowingStream<String, any Error>>(
          makeItem: { Message.assistantReply($0) },
          stream: { server.reply(to: $0) })
      ],
      name: "MessagesAgent",
      environment: environment)
  }
}

import AgentSkill
import AgentSkillList

/// The inbox: the standard list feature over the message server.
enum Inbox {
  /// The agent with the built-in list skills over `server`.
  @MainActor
  static func makeAgent(server: MessageServer, environment: SkillEnvironment = SkillEnvironment()) -> ListAgent<Message>
  {
    ListAgent<Message>(
      skills: [
        ListLoadSkill(fetch: { try await server.page($0) }),
        ListPaginationSkill(fetch: { try await server.page($0) }),
        ListStreamSkill<Message, AsyncThrowingStream<String, any Error>>(
          makeItem: { Message.assistantReply($0) },
          stream: { server.reply(to: $0) }),
      ],
      name: "MessagesAgent",
      environment: environment)
  }
}

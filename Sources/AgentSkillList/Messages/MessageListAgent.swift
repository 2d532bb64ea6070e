import AgentSkill

/// An ``/AgentSkill/Agent`` running a chat-like list: the list feature's skills, plus
/// streaming a reply and sending messages optimistically.
///
/// ```swift
/// // kept by the screen's view (`@State`) or model
/// let agent = MessageListAgent<Message>(
///   listSkills: [
///     ListLoadSkill(fetch: api.messages),
///     ListPaginationSkill(fetch: api.messages),
///   ],
///   skills: [MessageSendSkill(submit: api.send)])
/// agent.send(.list(.load))
/// agent.send(.send(Message(id: UUID(), text: "On my way")))
/// ```
public typealias MessageListAgent<Item: Identifiable & Sendable> = Agent<
  MessageListContext<Item>, MessageListIntent<Item>, MessageListEffect<Item>
> where Item.ID: Sendable

extension Agent {
  /// Creates an agent running a chat-like list: the list's skills are
  /// scoped to ``MessageListContext/list`` and ``MessageListIntent/list(_:)``,
  /// ``MessageListReducer`` applies the effects, and errors thrown by custom
  /// skills become failure effects with `strings`.
  ///
  /// ```swift
  /// let agent = MessageListAgent<Message>(
  ///   listSkills: [ListLoadSkill(fetch: api.messages)],
  ///   skills: [MessageSendSkill(submit: api.send)])
  /// ```
  ///
  /// - Parameters:
  ///   - context: The initial context. Defaults to an idle, empty list.
  ///   - listSkills: The list's skills (``ListLoadSkill``, ``ListPaginationSkill``…).
  ///   - skills: The skills of the message list (``MessageStreamSkill``,
  ///     ``MessageSendSkill``, your own).
  ///   - prefetchPages: How many pages to load ahead after the first one.
  ///     Defaults to 0: the next page loads when the view sends
  ///     ``ListIntent/loadMore``; see ``ListReducer/reducer(prefetchPages:)``.
  ///   - strings: The texts of failure messages for errors thrown by custom skills.
  ///   - name: The agent's name for logs and the timeline. Defaults to `MessageListAgent`.
  ///   - environment: Clock, dependencies, monitor and log sink.
  ///   - timeline: How the timeline records. Defaults to ``/AgentSkill/AgentTimelineOptions/automatic``:
  ///     recording in debug builds, off in release builds.
  public convenience init<Item>(
    context: MessageListContext<Item> = MessageListContext(),
    listSkills: [any IntentSkill<ListContext<Item>, ListIntent<Item>, ListEffect<Item>>] = [],
    skills: [any IntentSkill<MessageListContext<Item>, MessageListIntent<Item>, MessageListEffect<Item>>] = [],
    prefetchPages: Int = 0,
    strings: ListStrings = .english,
    name: String = "MessageListAgent",
    environment: SkillEnvironment = SkillEnvironment(),
    timeline: AgentTimelineOptions = .automatic
  ) where Context == MessageListContext<Item>, Intent == MessageListIntent<Item>, Effect == MessageListEffect<Item> {
    let scoped = listSkills.map { skill -> any IntentSkill<Context, Intent, Effect> in
      skill.scoped(context: \.list, intent: \.list, effect: MessageListEffect.list)
    }
    self.init(
      context: context,
      skills: scoped + skills,
      reduce: MessageListReducer.reducer(prefetchPages: prefetchPages),
      mapFailure: MessageListReducer.mapFailure(strings: strings),
      name: name,
      environment: environment,
      timeline: timeline)
  }
}

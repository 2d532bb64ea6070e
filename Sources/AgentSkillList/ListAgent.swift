import AgentSkill

/// An ``/AgentSkill/Agent`` running the standard list feature.
///
/// ```swift
/// // kept by the screen's view (`@State`) or model
/// let agent = ListAgent<Message>(skills: [
///   ListCacheSkill(lookup: { _ in await cache.messages() }),
///   ListLoadSkill(fetch: api.messages),
///   ListPaginationSkill(fetch: api.messages),
/// ])
/// ```
///
/// A chat-like list that also streams replies or sends messages is a
/// ``MessageListAgent``.
public typealias ListAgent<Item: Identifiable & Sendable> = Agent<ListContext<Item>, ListIntent<Item>, ListEffect<Item>>
where Item.ID: Sendable

extension Agent {
  /// Creates an agent running the standard list feature: ``ListReducer``
  /// applies the effects, and errors thrown by custom skills become failure
  /// effects with `strings`.
  ///
  /// ```swift
  /// let agent = ListAgent<Message>(skills: [ListLoadSkill(fetch: api.messages)])
  /// ```
  ///
  /// - Parameters:
  ///   - context: The initial context. Defaults to an idle, empty list.
  ///   - skills: The skills to mount.
  ///   - prefetchPages: How many pages to load ahead after the first one,
  ///     whether or not the user scrolls. Defaults to 0: the next page loads
  ///     when the view sends ``ListIntent/loadMore`` as the last rows appear;
  ///     see ``ListReducer/reducer(prefetchPages:)``.
  ///   - strings: The texts of failure messages for errors thrown by custom skills.
  ///   - name: The agent's name for logs and the timeline. Defaults to `ListAgent`.
  ///   - environment: Clock, dependencies, monitor and log sink.
  ///   - timeline: How the timeline records. Defaults to ``/AgentSkill/AgentTimelineOptions/automatic``:
  ///     recording in debug builds, off in release builds.
  public convenience init<Item>(
    list context: ListContext<Item> = ListContext(),
    skills: [any IntentSkill<ListContext<Item>, ListIntent<Item>, ListEffect<Item>>],
    prefetchPages: Int = 0,
    strings: ListStrings = .english,
    name: String = "ListAgent",
    environment: SkillEnvironment = SkillEnvironment(),
    timeline: AgentTimelineOptions = .automatic
  ) where Context == ListContext<Item>, Intent == ListIntent<Item>, Effect == ListEffect<Item> {
    self.init(
      context: context,
      skills: skills,
      reduce: ListReducer.reducer(prefetchPages: prefetchPages),
      mapFailure: ListReducer.mapFailure(strings: strings),
      name: name,
      environment: environment,
      timeline: timeline)
  }
}

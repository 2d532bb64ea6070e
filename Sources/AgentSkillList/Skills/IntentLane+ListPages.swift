import AgentSkill

extension IntentLane {
  /// The lane the built-in list skills load pages in: a load, refresh or
  /// retry cancels everything in it (including a page in flight), and
  /// ``ListIntent/loadMore`` is dropped while anything in it runs, so a page
  /// is never requested twice.
  ///
  /// A custom loader on a list agent joins it to supersede, and be
  /// superseded by, the built-in ones:
  ///
  /// ```swift
  /// func policy(for intent: ListIntent<Message>) -> IntentPolicy {
  ///   IntentPolicy(.cancelPrevious, lane: .listPages)
  /// }
  /// ```
  public static let listPages = IntentLane.custom("AgentSkill.ListFeature.pages")
}

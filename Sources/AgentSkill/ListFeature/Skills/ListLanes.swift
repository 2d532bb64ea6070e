/// The lanes the built-in list skills share (see ``IntentLane``).
enum ListLanes {
  /// Loading pages: a load, refresh or retry supersedes everything in it
  /// (including a page in flight); ``ListIntent/loadMore`` is dropped while
  /// anything in it runs, so a page is never requested twice.
  static let pages = IntentLane.custom("AgentSkill.ListFeature.pages")
}

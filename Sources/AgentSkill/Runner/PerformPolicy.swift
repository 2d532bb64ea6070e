/// What ``SkillRunner/perform(_:)`` does when a run is already in progress.
public enum PerformPolicy: Sendable, Hashable {
  /// Cancel the run in progress and start the new one (the default): a new
  /// search query replaces the old one.
  case cancelPrevious
  /// Keep the run in progress and ignore the new request: a double-tapped
  /// "Pay" button pays once.
  case ignoreNew
  /// Run the new request after the ones before it finish, in order.
  case enqueue
}

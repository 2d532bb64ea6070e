/// What new work does when earlier work is still running.
///
/// One vocabulary for every place where work can overlap: a
/// ``SkillRunner``'s ``SkillRunner/perform(_:)``, a `Debouncer`'s action,
/// and an agent's intents (``IntentPolicy/Concurrency`` uses the same words
/// and adds ``IntentPolicy/Concurrency/parallel``).
///
/// ```swift
/// let search = Debouncer(for: .milliseconds(300), overlap: .cancelPrevious) { (query: String) in
///   _ = query  // a newer query makes the running search stale: cancel it
/// }
/// let save = Debouncer(for: .seconds(1), overlap: .enqueue) { (draft: String) in
///   _ = draft  // every save finishes, one after another
/// }
/// ```
public enum PerformPolicy: Sendable, Hashable {
  /// Cancel the running work and start the new one (the default): a new
  /// search query replaces the old one.
  case cancelPrevious
  /// Keep the running work and drop the new request: a double-tapped
  /// "Pay" button pays once.
  case dropWhileRunning
  /// Run the new request after the work before it finishes, in order.
  case enqueue
}

import AgentSkill

/// Which edges of a throttle window run the action.
///
/// A window opens with the first value after a quiet spell and lasts the
/// throttler's interval; values arriving inside it are throttled.
///
/// ```
/// values   a b c ····· d ···············
/// leading  a ········· d ···············   first value of each window, others dropped
/// trailing ···· c ········ d ···········    last value of each window, at its end
/// both     a ·· c ······ d ·············    first at once, last at the end
/// ```
public enum ThrottleEdge: Sendable, Hashable {
  /// The value that opens a window runs at once; the rest of the window's
  /// values are dropped.
  case leading
  /// Nothing runs at once; when the window ends, its last value runs.
  case trailing
  /// The value that opens a window runs at once; when the window ends, the
  /// last value that arrived during it (if any) runs and opens the next
  /// window, so two runs are never closer than the interval. The default.
  case both

  var includesLeading: Bool { self != .trailing }
  var includesTrailing: Bool { self != .leading }
}

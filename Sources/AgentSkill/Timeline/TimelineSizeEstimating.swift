/// A value that tells an ``AgentTimeline`` how much heap memory it keeps
/// alive, so that ``AgentTimelineOptions/byteBudget`` counts it.
///
/// The timeline measures intents, effects and context snapshots that adopt
/// it once, when it records them; payloads of other types (unless they are
/// strings or collections) count their inline size only. Adopt it for
/// intents and effects that carry pages, text or other large values. The
/// list feature's `ListIntent`, `ListEffect` and `ListContext` adopt it.
///
/// ```swift
/// enum PageEffect: Sendable, TimelineSizeEstimating {
///   case loaded([Message])
///   case failed(String)
///   case cleared
///
///   var estimatedHeapBytes: Int {
///     switch self {
///     case .loaded(let messages): TimelineSizeEstimate.heapBytes(of: messages)
///     case .failed(let text): TimelineSizeEstimate.heapBytes(of: text)
///     case .cleared: 0
///     }
///   }
/// }
/// ```
///
/// `TimelineSizeEstimate.heapBytes(reflecting: self)` is a one-line
/// implementation for any type, at the price of reflection (microseconds
/// per recorded value).
public protocol TimelineSizeEstimating {
  /// The estimated bytes of heap storage the value holds beyond its inline
  /// size: array buffers, text longer than a small string, boxed values.
  var estimatedHeapBytes: Int { get }
}

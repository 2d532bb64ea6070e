/// Measures timeline entries for ``AgentTimelineOptions/byteBudget``.
///
/// Which payload types are measured is decided once, from the types: a
/// dynamic cast of every recorded value would cost more than recording it.
struct TimelineEntrySizing<Context: Sendable, Intent: Sendable, Effect: Sendable> {
  /// The bytes every entry costs: its slot in the ring and its bookkeeping.
  let entryBytes: Int
  let measuresIntent: Bool
  let measuresEffect: Bool
  let measuresContext: Bool

  /// Sizing for a recording timeline.
  ///
  /// - Parameter entryBytes: The inline bytes of one entry.
  init(entryBytes: Int) {
    self.entryBytes = entryBytes
    self.measuresIntent = TimelineSizeEstimate.isMeasured(Intent.self)
    self.measuresEffect = TimelineSizeEstimate.isMeasured(Effect.self)
    self.measuresContext = TimelineSizeEstimate.isMeasured(Context.self)
  }

  private init() {
    self.entryBytes = 0
    self.measuresIntent = false
    self.measuresEffect = false
    self.measuresContext = false
  }

  /// Sizing for a timeline that records nothing.
  static var unmeasured: Self { Self() }

  /// The estimated bytes an entry holding `event` keeps alive.
  ///
  /// - Parameter event: The entry's event.
  /// - Returns: ``entryBytes`` plus the heap bytes of the event's payloads.
  func estimatedBytes(of event: AgentTimelineEvent<Context, Intent, Effect>) -> Int {
    entryBytes + heapBytes(of: event)
  }

  private func heapBytes(of event: AgentTimelineEvent<Context, Intent, Effect>) -> Int {
    switch event {
    case .intentReceived(let intent, _), .followUp(let intent), .intentQueued(let intent):
      return intentBytes(intent)
    case .intentVetoed(let intent, let text), .intentForwarded(let intent, let text),
      .intentDropped(let intent, let text):
      return intentBytes(intent) + TimelineSizeEstimate.heapBytes(of: text)
    case .unhandled(let intent, let mounted):
      return intentBytes(intent) + TimelineSizeEstimate.heapBytes(of: mounted)
    case .skillChosen(_, let shadowed):
      return shadowed.isEmpty ? 0 : TimelineSizeEstimate.heapBytes(of: shadowed)
    case .skillFailed(_, let error, _):
      return errorBytes(error)
    case .effectApplied(let effect), .effectDropped(let effect, _):
      return measuresEffect ? TimelineSizeEstimate.heapBytes(of: effect) : 0
    case .contextChanged(let context):
      return measuresContext ? TimelineSizeEstimate.heapBytes(of: context) : 0
    case .skillStarted, .skillFellThrough, .skillFinished, .skillCancelled, .skillMounted, .skillUnmounted:
      // Skill names are the mounted skills' own strings, shared.
      return 0
    }
  }

  private func intentBytes(_ intent: Intent) -> Int {
    measuresIntent ? TimelineSizeEstimate.heapBytes(of: intent) : 0
  }

  /// An error is boxed: the box's header and the concrete error's size, plus
  /// what the error holds.
  private func errorBytes(_ error: any Error) -> Int {
    func measure<Failure: Error>(_ error: Failure) -> Int {
      TimelineSizeEstimate.objectHeaderBytes + MemoryLayout<Failure>.size + TimelineSizeEstimate.heapBytes(of: error)
    }
    return measure(error)
  }
}

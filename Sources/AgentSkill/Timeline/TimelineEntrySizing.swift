/// Measures timeline entries for ``AgentTimelineOptions/byteBudget``.
///
/// Which payload types are measured is decided once, from the types: a
/// dynamic cast of every recorded value would cost more than recording it.
struct TimelineEntrySizing: Sendable {
  /// The bytes every entry costs: its slot in the ring and its bookkeeping.
  let entryBytes: Int
  let measuresIntent: Bool
  let measuresEffect: Bool
  let measuresContext: Bool

  /// Sizing for a recording timeline of these payload types.
  ///
  /// - Parameters:
  ///   - entryBytes: The inline bytes of one entry.
  ///   - context: The context type.
  ///   - intent: The intent type.
  ///   - effect: The effect type.
  init(entryBytes: Int, context: Any.Type, intent: Any.Type, effect: Any.Type) {
    self.entryBytes = entryBytes
    self.measuresIntent = TimelineSizeEstimate.isMeasured(intent)
    self.measuresEffect = TimelineSizeEstimate.isMeasured(effect)
    self.measuresContext = TimelineSizeEstimate.isMeasured(context)
  }

  private init() {
    self.entryBytes = 0
    self.measuresIntent = false
    self.measuresEffect = false
    self.measuresContext = false
  }

  /// Sizing for a timeline that records nothing.
  static let unmeasured = TimelineEntrySizing()

  /// The estimated bytes an entry holding `event` keeps alive, and whether
  /// the event is an applied effect, in one look at the event.
  ///
  /// - Parameter event: The entry's event.
  /// - Returns: ``entryBytes`` plus the heap bytes of the event's payloads,
  ///   and whether it is ``AgentTimelineEvent/effectApplied(_:)``.
  func measure<Context, Intent, Effect>(
    _ event: AgentTimelineEvent<Context, Intent, Effect>
  ) -> (bytes: Int, isEffect: Bool) {
    // The kinds recorded on every intent and effect are matched without
    // binding (copying) their payload unless it is measured.
    switch event {
    case .skillStarted, .skillFinished, .skillFellThrough, .skillCancelled, .skillMounted, .skillUnmounted:
      // Skill names are the mounted skills' own strings, shared.
      return (entryBytes, false)
    case .skillChosen(_, let shadowed):
      return (entryBytes + (shadowed.isEmpty ? 0 : TimelineSizeEstimate.heapBytes(of: shadowed)), false)
    case .intentReceived, .followUp, .intentQueued:
      guard measuresIntent else { return (entryBytes, false) }
      switch event {
      case .intentReceived(let intent, _), .followUp(let intent), .intentQueued(let intent):
        return (entryBytes + TimelineSizeEstimate.heapBytes(of: intent), false)
      default:
        return (entryBytes, false)
      }
    case .effectApplied:
      guard measuresEffect, case .effectApplied(let effect) = event else { return (entryBytes, true) }
      return (entryBytes + TimelineSizeEstimate.heapBytes(of: effect), true)
    case .effectDropped:
      guard measuresEffect, case .effectDropped(let effect, _) = event else { return (entryBytes, false) }
      return (entryBytes + TimelineSizeEstimate.heapBytes(of: effect), false)
    case .contextChanged(let context):
      return (entryBytes + (measuresContext ? TimelineSizeEstimate.heapBytes(of: context) : 0), false)
    case .intentVetoed(let intent, let text), .intentForwarded(let intent, let text),
      .intentDropped(let intent, let text):
      return (entryBytes + intentBytes(intent) + TimelineSizeEstimate.heapBytes(of: text), false)
    case .unhandled(let intent, let mounted):
      return (entryBytes + intentBytes(intent) + TimelineSizeEstimate.heapBytes(of: mounted), false)
    case .skillFailed(_, let error, _):
      return (entryBytes + errorBytes(error), false)
    }
  }

  private func intentBytes<Intent>(_ intent: Intent) -> Int {
    measuresIntent ? TimelineSizeEstimate.heapBytes(of: intent) : 0
  }

  /// An error is boxed: the box's header and the concrete error's size, plus
  /// what the error holds.
  private func errorBytes(_ error: any Error) -> Int {
    func measure<Failure: Error>(_ error: Failure) -> Int {
      TimelineSizeEstimate.allocationBytes(TimelineSizeEstimate.objectHeaderBytes + MemoryLayout<Failure>.size)
        + TimelineSizeEstimate.heapBytes(of: error)
    }
    return measure(error)
  }
}

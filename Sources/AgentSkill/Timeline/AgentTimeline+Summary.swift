extension AgentTimeline {
  /// A one-line description of `entry` for debug views, redacted like the
  /// export (``AgentTimelineOptions/redact``).
  ///
  /// ```swift
  /// for entry in agent.timeline.entries { print(agent.timeline.summary(of: entry)) }
  /// // load
  /// // LoadMessagesSkill started
  /// // setLoading("Loading…")
  /// // LoadMessagesSkill finished in 120 ms
  /// ```
  ///
  /// - Parameter entry: An entry of this timeline.
  /// - Returns: What happened, such as `CacheSkill fell through to NetworkSkill after 2 ms`.
  public func summary(of entry: Entry) -> String {
    options.redact(Self.summary(of: entry.event))
  }

  /// The unredacted text behind ``summary(of:)``.
  nonisolated static func summary(of event: AgentTimelineEvent<Context, Intent, Effect>) -> String {
    switch event {
    case .intentReceived(let intent, let origin):
      origin.map { "\(intent) (follow-up of run \($0))" } ?? "\(intent)"
    case .followUp(let intent):
      "follow-up \(intent)"
    case .intentVetoed(let intent, let reason):
      "\(intent) vetoed: \(reason)"
    case .intentForwarded(let intent, let parent):
      "\(intent) forwarded to \(parent)"
    case .intentDropped(let intent, let reason):
      "\(intent) dropped: \(reason)"
    case .intentQueued(let intent):
      "\(intent) queued"
    case .unhandled(let intent, let mounted):
      unhandledMessage(intent: intent, mounted: mounted)
    case .skillChosen(let skill, let shadowed):
      shadowed.isEmpty ? "\(skill) chosen" : "\(skill) chosen over \(shadowed.joined(separator: ", "))"
    case .skillStarted(let skill):
      "\(skill) started"
    case .skillFellThrough(let skill, let next, let duration):
      "\(skill) fell through to \(next) after \(duration.shortDescription)"
    case .skillFinished(let skill, let duration):
      "\(skill) finished in \(duration.shortDescription)"
    case .skillFailed(let skill, let error, let duration):
      "\(skill) failed after \(duration.shortDescription): \(error)"
    case .skillCancelled(let skill, let reason, let duration):
      "\(skill) cancelled after \(duration.shortDescription) (\(reason.rawValue))"
    case .effectApplied(let effect):
      "\(effect)"
    case .effectDropped(let effect, let reason):
      "\(effect) dropped: \(reason)"
    case .contextChanged:
      "context changed"
    case .skillMounted(let skill):
      "\(skill) mounted"
    case .skillUnmounted(let skill):
      "\(skill) unmounted"
    }
  }
}

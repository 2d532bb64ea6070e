extension Agent: AgentNodeCanceling {
  /// Applies everything the runs delivered since the last drain, in one
  /// main-actor turn: effects through the reducer (one context write, one
  /// observation notification), run completions and failures; then sends the
  /// follow-ups, frees lanes and settles finished runs, and finally routes
  /// intents sent during the batch.
  func drain() {
    guard !isDraining else { return }
    inbox.take(into: &drainItems, effects: drainEffects)
    guard !drainItems.isEmpty || !deferredRuns.isEmpty else { return }
    isDraining = true
    let recording = timeline.isEnabled
    var mutating = false
    var effectIndex = 0
    for item in drainItems {
      let run = item.run
      switch item.kind {
      case .effect:
        let index = effectIndex
        effectIndex += 1
        if run.isLive {
          apply(drainEffects[index], from: run, mutating: &mutating)
        } else if recording {
          let reason: AgentEffectDropReason = run.cancellation.map { .runCancelled($0) } ?? .runFinished
          timeline.record(.effectDropped(drainEffects[index], reason: reason), run: run.sequence)
        }
      case .fellThrough(let from, let to, let duration):
        guard run.isLive else { continue }
        run.skillIndex = to
        if recording {
          let next = run.skillName(at: to)
          timeline.record(
            .skillFellThrough(run.skillName(at: from), next: next, duration: duration), run: run.sequence)
          timeline.record(.skillStarted(next), run: run.sequence)
        }
      case .finished(let outcome):
        finish(run, outcome, mutating: &mutating)
      }
    }
    drainItems.removeAll(keepingCapacity: true)
    if effectIndex > 0 { drainEffects.removeAll() }
    if mutating {
      contextObservation.didSet()
      if recording, timeline.options.capturesContext {
        timeline.record(.contextChanged(contextStorage.pointee), run: nil)
      }
    }
    if !followUpOrigins.isEmpty { sendFollowUps() }
    for run in finishedBuffer {
      removeFromLane(run)
      advanceLane(run.lane)
      markOwnDone(run)
    }
    finishedBuffer.removeAll(keepingCapacity: true)
    if !deferredRuns.isEmpty { routeDeferredRuns() }
    isDraining = false
    timeline.publish()
  }

  /// Sends the follow-ups the batch's reducer calls returned, in order.
  private func sendFollowUps() {
    var index = 0
    while index < followUpOrigins.count {
      route(makeRun(followUpIntents[index], origin: followUpOrigins[index]))
      index += 1
    }
    followUpIntents.removeAll(keepingCapacity: true)
    followUpOrigins.removeAll(keepingCapacity: true)
  }

  /// Routes the intents sent while the batch was applied, in order.
  private func routeDeferredRuns() {
    var index = 0
    while index < deferredRuns.count {
      route(typed(deferredRuns[index]))
      index += 1
    }
    deferredRuns.removeAll(keepingCapacity: true)
  }

  /// Applies `effect` with the reducer, opening the batch's single
  /// observation notification on the first one.
  private func apply(_ effect: Effect, from run: AgentTaskNode, mutating: inout Bool) {
    if !mutating {
      contextObservation.willSet()
      mutating = true
    }
    let followUps = reducer(&contextStorage.pointee, effect)
    let recording = timeline.isEnabled
    if recording { timeline.record(.effectApplied(effect), run: run.sequence) }
    // `count`, not `isEmpty`: the latter goes through `Collection` and looks up
    // the array's generic metadata.
    if followUps.count > 0 { queueFollowUps(followUps, from: run) }
  }

  private func queueFollowUps(_ followUps: [Intent], from run: AgentTaskNode) {
    let recording = timeline.isEnabled
    for intent in followUps {
      if recording { timeline.record(.followUp(intent), run: run.sequence) }
      followUpIntents.append(intent)
      followUpOrigins.append(run)
    }
  }

  private func finish(_ run: AgentTaskNode, _ outcome: AgentRunOutcome, mutating: inout Bool) {
    guard run.cancellation == nil, run.phase == .running else {
      // Cancelled earlier: recorded and settled then; only the task ended now.
      return
    }
    finishedBuffer.append(run)
    let recording = timeline.isEnabled
    switch outcome {
    case .handled(let skill, let duration):
      run.phase = .done
      if recording { timeline.record(.skillFinished(run.skillName(at: skill), duration: duration), run: run.sequence) }
    case .exhausted(let skill, let duration):
      run.phase = .done
      let name = run.skillName(at: skill)
      if recording { timeline.record(.skillFellThrough(name, next: "none", duration: duration), run: run.sequence) }
      let mounted = roster.infos.map(\.description)
      let intent = typed(run).intent
      if recording { timeline.record(.unhandled(intent, mounted: mounted), run: run.sequence) }
      #if DEBUG
        logger.warning(
          AgentTimeline<Context, Intent, Effect>.unhandledMessage(intent: intent, mounted: mounted)
            + " (every matching skill fell through)")
      #endif
    case .failed(let skill, let error, let duration):
      let name = run.skillName(at: skill)
      let intent = typed(run).intent
      if recording { timeline.record(.skillFailed(name, error: error, duration: duration), run: run.sequence) }
      logger.error("\(name) failed handling \(intent): \(error)")
      if let effect = failureMapping(error, intent) { apply(effect, from: run, mutating: &mutating) }
      run.phase = .done
    case .cancelled(let skill, let duration):
      run.phase = .done
      if recording {
        timeline.record(
          .skillCancelled(run.skillName(at: skill), reason: .skillCancelled, duration: duration), run: run.sequence)
      }
    case .vetoed(let error):
      if let effect = failureMapping(error, typed(run).intent) { apply(effect, from: run, mutating: &mutating) }
      run.phase = .done
    }
  }

  /// `node` as this agent's run: every node of this agent is one.
  func typed(_ node: AgentTaskNode) -> AgentRun<Context, Intent, Effect> {
    unsafeDowncast(node, to: AgentRun<Context, Intent, Effect>.self)
  }

  func cancelNode(_ node: AgentTaskNode) {
    guard node.core === inbox else { return }
    cancelRuns(reason: .cancelledByHandle) { $0.hasAncestor(node) }
    timeline.publish()
  }
}

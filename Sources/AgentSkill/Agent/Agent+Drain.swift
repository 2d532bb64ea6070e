extension Agent: AgentNodeCanceling {
  /// Applies everything the runs delivered since the last drain, in one
  /// main-actor turn: effects through the reducer (one context write, one
  /// observation notification), run completions and failures; then sends the
  /// follow-ups, frees lanes and settles finished runs, and finally routes
  /// intents sent during the batch.
  func drain() {
    guard !isDraining else { return }
    inbox.take(into: &drainBuffer)
    guard !drainBuffer.isEmpty || !deferredRuns.isEmpty else { return }
    isDraining = true
    let recording = timeline.isEnabled
    var mutating = false
    for item in drainBuffer {
      switch item {
      case .effect(let run, let effect):
        if run.isLive {
          apply(effect, from: run, mutating: &mutating)
        } else if recording {
          let reason: AgentEffectDropReason = run.cancellation.map { .runCancelled($0) } ?? .runFinished
          timeline.record(.effectDropped(effect, reason: reason), run: run.sequence)
        }
      case .fellThrough(let run, let from, let to, let duration):
        guard run.isLive else { continue }
        run.skillIndex = to
        if recording {
          let next = run.skills[to].name
          timeline.record(.skillFellThrough(run.skills[from].name, next: next, duration: duration), run: run.sequence)
          timeline.record(.skillStarted(next), run: run.sequence)
        }
      case .finished(let run, let outcome):
        finish(run, outcome, mutating: &mutating)
      }
    }
    drainBuffer.removeAll(keepingCapacity: true)
    if mutating {
      registrar.didSet(self, keyPath: contextKeyPath)
      if recording, timeline.options.capturesContext {
        timeline.record(.contextChanged(contextStorage.pointee), run: nil)
      }
    }
    var index = 0
    while index < followUpBuffer.count {
      let followUp = followUpBuffer[index]
      route(makeRun(followUp.intent, origin: followUp.origin))
      index += 1
    }
    followUpBuffer.removeAll(keepingCapacity: true)
    for run in finishedBuffer {
      removeFromLane(run)
      advanceLane(run.lane)
      markOwnDone(run)
    }
    finishedBuffer.removeAll(keepingCapacity: true)
    index = 0
    while index < deferredRuns.count {
      route(deferredRuns[index])
      index += 1
    }
    deferredRuns.removeAll(keepingCapacity: true)
    isDraining = false
    timeline.publish()
  }

  /// Applies `effect` with the reducer, opening the batch's single
  /// observation notification on the first one.
  private func apply(_ effect: Effect, from run: AgentRun<Context, Intent, Effect>, mutating: inout Bool) {
    if !mutating {
      registrar.willSet(self, keyPath: contextKeyPath)
      mutating = true
    }
    let followUps = reducer(&contextStorage.pointee, effect)
    let recording = timeline.isEnabled
    if recording { timeline.record(.effectApplied(effect), run: run.sequence) }
    for intent in followUps {
      if recording { timeline.record(.followUp(intent), run: run.sequence) }
      followUpBuffer.append((intent, run))
    }
  }

  private func finish(_ run: AgentRun<Context, Intent, Effect>, _ outcome: AgentRunOutcome, mutating: inout Bool) {
    guard run.cancellation == nil, run.phase == .running else {
      // Cancelled earlier: recorded and settled then; only the task ended now.
      return
    }
    finishedBuffer.append(run)
    let recording = timeline.isEnabled
    switch outcome {
    case .handled(let skill, let duration):
      run.phase = .done
      if recording { timeline.record(.skillFinished(run.skills[skill].name, duration: duration), run: run.sequence) }
    case .exhausted(let skill, let duration):
      run.phase = .done
      let name = run.skills[skill].name
      if recording { timeline.record(.skillFellThrough(name, next: "none", duration: duration), run: run.sequence) }
      let mounted = skills.map(\.info.description)
      if recording { timeline.record(.unhandled(run.intent, mounted: mounted), run: run.sequence) }
      #if DEBUG
        logger.warning(
          AgentTimeline<Context, Intent, Effect>.unhandledMessage(intent: run.intent, mounted: mounted)
            + " (every matching skill fell through)")
      #endif
    case .failed(let skill, let error, let duration):
      let name = run.skills[skill].name
      if recording { timeline.record(.skillFailed(name, error: error, duration: duration), run: run.sequence) }
      logger.error("\(name) failed handling \(run.intent): \(error)")
      if let effect = failureMapping(error, run.intent) { apply(effect, from: run, mutating: &mutating) }
      run.phase = .done
    case .cancelled(let skill, let duration):
      run.phase = .done
      if recording {
        timeline.record(
          .skillCancelled(run.skills[skill].name, reason: .skillCancelled, duration: duration), run: run.sequence)
      }
    case .vetoed(let error):
      if let effect = failureMapping(error, run.intent) { apply(effect, from: run, mutating: &mutating) }
      run.phase = .done
    }
  }

  func cancelNode(_ node: AgentTaskNode) {
    guard let target = node as? AgentRun<Context, Intent, Effect>, target.core === inbox else { return }
    cancelRuns(reason: .cancelledByHandle) { $0.hasAncestor(target) }
    timeline.publish()
  }
}

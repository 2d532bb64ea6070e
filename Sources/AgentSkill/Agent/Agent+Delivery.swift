extension Agent {
  /// What one drain collects while it applies deliveries.
  /// A follow-up intent and the run whose effect returned it.
  struct FollowUp {
    let intent: Intent
    let origin: AgentRunNode
  }

  struct Batch {
    /// The context before the batch's first effect, once one was applied.
    var before: Context?
    /// Follow-ups the reducer returned, with the runs whose effects returned them.
    var followUps: [FollowUp] = []
    /// Runs whose task ended; their lanes advance after the batch.
    var finished: [AgentRunNode] = []
  }

  /// Applies everything the runs delivered since the last drain, in one
  /// main-actor turn: effects through the reducer (one notification per
  /// changed field), the ends of runs, fall-throughs and cancellations; then
  /// sends the follow-ups, frees lanes and settles finished runs, and finally
  /// routes the intents sent during the batch.
  func drain() {
    guard !isDraining else { return }
    let deliveries = mailbox.takeDeliveries()
    guard !deliveries.isEmpty || !deferredRuns.isEmpty else { return }
    isDraining = true
    var batch = Batch()
    for delivery in deliveries {
      switch delivery {
      case .effect(let effect, let run):
        receive(effect, from: run, into: &batch)
      case .effects(let effects, let run):
        for effect in effects { receive(effect, from: run, into: &batch) }
      case .ended(let run, let outcome):
        mailbox.settlement.forgetTask(of: run.sequence)
        end(run, outcome, into: &batch)
      case .cancelRequested(let run):
        cancelRuns(reason: .cancelledByHandle) { $0.hasAncestor(run) }
      }
    }
    if let before = batch.before {
      observation.publishChange(of: self, from: before, to: state)
      if timeline.isEnabled, timeline.options.capturesContext {
        timeline.record(.contextChanged(state), run: nil)
      }
      for follow in contextFollowers { follow(state) }
    }
    for followUp in batch.followUps { route(makeRun(followUp.intent, origin: followUp.origin)) }
    for run in batch.finished {
      removeFromLane(run)
      advanceLane(run.lane)
      markOwnDone(run)
    }
    while !deferredRuns.isEmpty {
      let runs = deferredRuns
      deferredRuns.removeAll()
      runsRevision &+= 1
      for run in runs { route(run) }
    }
    isDraining = false
    publishTurn()
  }

  /// Applies `effect` if its run is live, else records it as dropped.
  private func receive(_ effect: Effect, from run: Run, into batch: inout Batch) {
    if run.isLive {
      apply(effect, from: run, into: &batch)
    } else if timeline.isEnabled {
      let reason: AgentEffectDropReason = run.cancellation.map { .runCancelled($0) } ?? .runFinished
      timeline.record(.effectDropped(effect, reason: reason), run: run.sequence)
    }
  }

  /// Applies `effect` with the reducer and collects its follow-ups.
  private func apply(_ effect: Effect, from run: Run, into batch: inout Batch) {
    if batch.before == nil { batch.before = state }
    for intent in reduce(effect, run: run.sequence) {
      batch.followUps.append(FollowUp(intent: intent, origin: run))
    }
  }

  /// Applies the end of `run`'s task.
  private func end(_ run: Run, _ outcome: AgentRunOutcome, into batch: inout Batch) {
    // A run cancelled earlier was recorded and settled then; only its task ended now.
    guard run.cancellation == nil, run.phase == .running else { return }
    let recording = timeline.isEnabled
    switch outcome {
    case .handled(let duration):
      if recording { timeline.record(.skillFinished(run.skillName, duration: duration), run: run.sequence) }
    case .fellThrough(let duration):
      let from = run.skillIndex
      if let next = run.roster?.firstMatch(for: run.intent, from: from + 1) {
        if recording {
          timeline.record(
            .skillFellThrough(run.skillName(at: from), next: run.skillName(at: next), duration: duration),
            run: run.sequence)
        }
        let lane = run.lane
        removeFromLane(run)
        admit(run, skillAt: next)
        advanceLane(lane)
        return
      }
      if recording {
        timeline.record(.skillFellThrough(run.skillName, next: "none", duration: duration), run: run.sequence)
      }
      reportUnhandled(run, detail: " (every matching skill fell through)")
    case .failed(let error, let duration):
      // A mounted Skill whose failure mapping already emitted effects: record its error, map nothing more.
      let mapped = error as? MappedSkillFailure
      let underlying = mapped?.underlying ?? error
      if recording {
        timeline.record(.skillFailed(run.skillName, error: underlying, duration: duration), run: run.sequence)
      }
      logger.error("\(run.skillName) failed handling \(run.intent): \(underlying)")
      if mapped == nil, let effect = failureMapping(error, run.intent) { apply(effect, from: run, into: &batch) }
    case .cancelled(let duration):
      if recording {
        timeline.record(
          .skillCancelled(run.skillName, reason: .skillCancelled, duration: duration), run: run.sequence)
      }
    case .vetoed(let error):
      if let effect = failureMapping(error, run.intent) { apply(effect, from: run, into: &batch) }
    }
    run.phase = .done
    batch.finished.append(run)
  }
}

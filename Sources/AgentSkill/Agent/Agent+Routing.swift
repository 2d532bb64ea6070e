import Foundation

extension Agent {
  /// Sends `intent`: routes it to a skill and starts the run, following the
  /// skill's ``IntentPolicy``.
  ///
  /// Routing happens before this method returns, unless the agent is applying
  /// effects (the intent was sent from the reducer or an observer): then it is
  /// routed right after the current batch.
  ///
  /// ```swift
  /// await agent.send(.load).finish()
  /// ```
  ///
  /// - Parameter intent: What the user or the system asks for.
  /// - Returns: A handle to await the intent's settlement or cancel it. For a
  ///   navigation request forwarded to a parent agent, the parent's handle.
  @discardableResult
  public func send(_ intent: Intent) -> AgentTask {
    let run = makeRun(intent, origin: nil)
    if isDraining {
      deferredRuns.append(run)
      runsRevision &+= 1
      return AgentTask(run)
    }
    let forwarded = route(run)
    publishTurn()
    return forwarded ?? AgentTask(run)
  }

  func makeRun(_ intent: Intent, origin: AgentRunNode?) -> Run {
    sequenceCount &+= 1
    var parent: AgentRunNode?
    if let origin, origin.pending > 0 {
      origin.pending += 1
      parent = origin
    }
    mailbox.settlement.open(sequenceCount)
    return Run(sequence: sequenceCount, intent: intent, parent: parent, mailbox: mailbox)
  }

  /// Routes `run`; returns the parent's handle when the intent was forwarded.
  @discardableResult
  func route(_ run: Run) -> AgentTask? {
    let recording = timeline.isEnabled
    if recording {
      let origin = run.parent.map { Int(truncatingIfNeeded: $0.sequence) }
      timeline.record(.intentReceived(run.intent, origin: origin), run: run.sequence)
    }
    guard run.cancellation == nil else {
      finishWithoutRunning(run)
      return nil
    }
    if let link = parentLink {
      if let denial = link.denial(run.intent) {
        veto(run, denial, parent: link.parentTag)
        return nil
      }
      switch link.forward(run.intent) {
      case .notNavigation:
        break
      case .forwarded(let task):
        if recording { timeline.record(.intentForwarded(run.intent, parent: link.parentTag), run: run.sequence) }
        finishWithoutRunning(run)
        return task
      case .parentReleased:
        if recording {
          timeline.record(.intentDropped(run.intent, reason: "parent agent released"), run: run.sequence)
        }
        logger.warning("navigation request \(run.intent) dropped: the parent agent was released")
        finishWithoutRunning(run)
        return nil
      }
    }
    let roster = self.roster
    guard let index = roster.firstMatch(for: run.intent, from: 0) else {
      unhandled(run)
      return nil
    }
    run.roster = roster
    if recording {
      var shadowed: [String] = []
      var next = index + 1
      while let other = roster.firstMatch(for: run.intent, from: next) {
        shadowed.append(roster.infos[other].name)
        next = other + 1
      }
      timeline.record(.skillChosen(roster.infos[index].name, shadowed: shadowed), run: run.sequence)
    }
    admit(run, skillAt: index)
    return nil
  }

  /// Hands `run` to the skill at `index` of its roster: puts it in that
  /// skill's lane and starts, queues, drops or supersedes it as the skill's
  /// policy for the intent says.
  ///
  /// Called when an intent is routed, and again when its skill falls
  /// through to the next one: the run then joins the next skill's lane.
  /// Runs of a lane are ordered by when their intents were sent, so a run
  /// that arrives after a newer intent of the lane under
  /// ``IntentPolicy/Concurrency/cancelPrevious`` is superseded by it. A run
  /// never cancels, drops or waits for its own origins or follow-ups.
  func admit(_ run: Run, skillAt index: Int) {
    guard let roster = run.roster, roster.skills.indices.contains(index) else { return }
    run.skillIndex = index
    let policy = roster.skills[index].policy(for: run.intent)
    run.cancelID = policy.cancelID
    run.concurrency = policy.concurrency
    switch policy.lane {
    case .skill: run.lane = .skill(roster.infos[index].token.index)
    case .agent: run.lane = .agent
    case .custom(let id): run.lane = .custom(id)
    }
    guard let lane = lanes[run.lane] else {
      start(run)
      return
    }
    func unrelated(_ other: AgentRunNode) -> Bool { !run.hasAncestor(other) && !other.hasAncestor(run) }
    let behindBarrier =
      lane.barrierCount > 0
      && lane.contains { $0.concurrency == .barrier && $0.sequence < run.sequence && unrelated($0) }
    switch policy.concurrency {
    case .parallel:
      behindBarrier ? enqueue(run) : start(run)
    case .cancelPrevious, .barrier:
      if lane.contains(where: { $0.sequence > run.sequence && unrelated($0) }) {
        // A newer intent of the lane is already there (this run fell through to it late).
        cancel(run, reason: .superseded, advance: false)
        return
      }
      let victims = lane.runs.filter { $0.concurrency != .barrier && unrelated($0) }
      for victim in victims.sorted(by: { $0.sequence < $1.sequence }) {
        cancel(victim, reason: .superseded, advance: false)
      }
      behindBarrier ? enqueue(run) : start(run)
    case .dropWhileRunning:
      if lane.contains(where: unrelated) {
        if timeline.isEnabled { timeline.record(.intentDropped(run.intent, reason: "lane busy"), run: run.sequence) }
        logger.debug("\(run.intent) dropped: \(run.skillName) is busy")
        finishWithoutRunning(run)
      } else {
        start(run)
      }
    case .enqueue:
      lane.contains(where: unrelated) ? enqueue(run) : start(run)
    }
  }

  /// Starts `run`'s skill off the main actor with the current context.
  func start(_ run: Run) {
    run.phase = .running
    lanes[run.lane, default: AgentLane()].addRunning(run)
    runsRevision &+= 1
    if timeline.isEnabled {
      timeline.record(.skillStarted(run.skillName), run: run.sequence)
      run.startOffset = timeline.now
    }
    guard let roster = run.roster else { return }
    // Armed before the task exists: a run that delivers at once then finds
    // the check, rather than starting a drain task from its thread.
    mailbox.settlement.armCheck()
    let task = Self.spawn(
      run, skill: roster.skills[run.skillIndex], skillName: run.skillName, context: state,
      environment: environment, agentID: id, measures: measures, elapsed: elapsed)
    mailbox.settlement.register(task, for: run.sequence)
  }

  /// Queues `run` in its lane, behind the runs it waits for.
  func enqueue(_ run: Run) {
    run.phase = .queued
    lanes[run.lane, default: AgentLane()].enqueue(run)
    runsRevision &+= 1
    if timeline.isEnabled { timeline.record(.intentQueued(run.intent), run: run.sequence) }
  }

  /// Records and reports an intent no skill handled, and settles it.
  func unhandled(_ run: Run) {
    reportUnhandled(run, detail: "")
    finishWithoutRunning(run)
  }

  /// Records an intent no skill handled (or every matching skill fell through) in the timeline, and reports it
  /// as an issue naming the intent and the mounted skills.
  func reportUnhandled(_ run: Run, detail: String) {
    let mounted = roster.infos.map(\.description)
    if timeline.isEnabled { timeline.record(.unhandled(run.intent, mounted: mounted), run: run.sequence) }
    let message =
      AgentTimeline<Context, Intent, Effect>.unhandledMessage(intent: run.intent, mounted: mounted) + detail
      + ". Mount a skill that handles it, or route it in an IntentRouter's switch (.ignore to drop it on purpose)."
    report(AgentIssue(kind: .unhandledIntent, agent: tag, message: message))
  }

  func veto(_ run: Run, _ denial: any Error, parent: String) {
    if timeline.isEnabled {
      timeline.record(.intentVetoed(run.intent, reason: String(describing: denial)), run: run.sequence)
    }
    logger.warning("\(run.intent) vetoed by \(parent): \(denial)")
    // Live without a task until its mapped failure is applied in the next batch.
    run.phase = .running
    mailbox.deliver(.ended(run, .vetoed(denial)))
  }

  /// Settles the run's own part without it ever running.
  func finishWithoutRunning(_ run: AgentRunNode) {
    run.phase = .done
    markOwnDone(run)
  }

  // MARK: - Lanes and settlement

  func removeFromLane(_ run: AgentRunNode) {
    guard lanes[run.lane]?.remove(run) == true else { return }
    runsRevision &+= 1
    guard lanes[run.lane]?.isEmpty == true else { return }
    lanes.removeValue(forKey: run.lane)
  }

  /// Starts the queued runs of lane `key` that may start now: the oldest one
  /// when nothing runs, and every parallel one at the head of the queue,
  /// unless a barrier runs.
  func advanceLane(_ key: AgentLaneKey) {
    while let lane = lanes[key], let next = lane.first {
      if lane.barrierCount > 0, lane.running.values.contains(where: { $0.concurrency == .barrier }) { return }
      guard next.concurrency == .parallel || !lane.hasRunning else { return }
      _ = lanes[key]?.dequeue()
      runsRevision &+= 1
      guard let next = next as? Run else { continue }
      start(next)
      if next.concurrency != .parallel { return }
    }
  }

  /// The run's own part is over; settle it (and its origins) when nothing of
  /// the tree remains.
  func markOwnDone(_ run: AgentRunNode) {
    guard !run.ownDone else { return }
    run.ownDone = true
    var current: AgentRunNode? = run
    while let node = current {
      node.pending -= 1
      guard node.pending == 0 else { return }
      mailbox.settlement.settle(node.sequence)
      current = node.parent
    }
  }

  /// Cancels `run` if it is queued or in flight.
  func cancel(_ run: AgentRunNode, reason: AgentCancellationReason, advance: Bool) {
    guard run.cancellation == nil else { return }
    switch run.phase {
    case .pending:
      run.cancellation = reason
      return
    case .done:
      return
    case .queued, .running:
      break
    }
    let wasRunning = run.phase == .running
    run.cancellation = reason
    run.phase = .done
    removeFromLane(run)
    if wasRunning { mailbox.settlement.cancelTask(of: run.sequence) }
    if timeline.isEnabled {
      let duration = wasRunning ? timeline.now - run.startOffset : .zero
      timeline.record(.skillCancelled(run.skillName, reason: reason, duration: duration), run: run.sequence)
    }
    if advance { advanceLane(run.lane) }
    markOwnDone(run)
  }

  /// Cancels every queued and running run matching `predicate` (queued ones
  /// first, so none of them starts in between), then advances their lanes.
  func cancelRuns(reason: AgentCancellationReason, where predicate: (AgentRunNode) -> Bool) {
    var queued: [AgentRunNode] = []
    var running: [AgentRunNode] = []
    for lane in lanes.values {
      queued.append(contentsOf: lane.queued.filter(predicate))
      running.append(contentsOf: lane.running.values.filter(predicate))
    }
    // Tell the skills first, so they observe the cancellation before any bookkeeping.
    for run in running { mailbox.settlement.cancelTask(of: run.sequence) }
    for run in deferredRuns where predicate(run) { run.cancellation = reason }
    guard !queued.isEmpty || !running.isEmpty else { return }
    running.sort { $0.sequence < $1.sequence }
    for run in queued { cancel(run, reason: reason, advance: false) }
    for run in running { cancel(run, reason: reason, advance: false) }
    for key in Set((queued + running).map(\.lane)) { advanceLane(key) }
  }

  /// Cancels `run` and its follow-ups, for its ``AgentTask``.
  func cancelTree(of run: AgentRunNode) {
    guard run.settlement === mailbox.settlement else { return }
    cancelRuns(reason: .cancelledByHandle) { $0.hasAncestor(run) }
    if !isDraining { publishTurn() }
  }
}

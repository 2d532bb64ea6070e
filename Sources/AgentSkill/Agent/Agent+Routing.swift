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
      return AgentTask(node: run)
    }
    let forwarded = route(run)
    timeline.publish()
    return forwarded ?? AgentTask(node: run)
  }

  func makeRun(_ intent: Intent, origin: AgentTaskNode?) -> AgentRun<Context, Intent, Effect> {
    sequenceCount &+= 1
    var parent: AgentTaskNode?
    if let origin, origin.pending > 0 {
      origin.pending += 1
      parent = origin
    }
    return AgentRun(sequence: sequenceCount, intent: intent, parent: parent, core: inbox)
  }

  /// Routes `run`; returns the parent's handle when the intent was forwarded.
  @discardableResult
  func route(_ run: AgentRun<Context, Intent, Effect>) -> AgentTask? {
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
    run.skillIndex = index
    let chosen = roster.infos[index]
    let skill = roster.skill(at: index)
    if recording {
      var shadowed: [String] = []
      var next = index + 1
      while let other = roster.firstMatch(for: run.intent, from: next) {
        shadowed.append(roster.infos[other].name)
        next = other + 1
      }
      timeline.record(.skillChosen(chosen.name, shadowed: shadowed), run: run.sequence)
    }
    let policy = skill.policy(for: run.intent)
    run.cancelID = policy.cancelID
    switch policy.lane {
    case .skill: run.lane = .skill(chosen.token.index)
    case .agent: run.lane = .agent
    case .custom(let id): run.lane = .custom(id)
    }
    // The lane is busy when it holds runs other than the intent's own origins.
    let lane = policy.concurrency == .parallel ? nil : lanes[run.lane]
    let busy = lane.map { $0.hasQueued || $0.containsRunning { !run.hasAncestor($0) } } ?? false
    switch policy.concurrency {
    case .parallel:
      start(run)
    case .cancelPrevious:
      if busy, let lane {
        let victims = Array(lane.queued) + lane.running.sorted { $0.sequence < $1.sequence }
        for victim in victims where !run.hasAncestor(victim) {
          cancel(victim, reason: .superseded, advance: false)
        }
      }
      start(run)
    case .dropWhileRunning:
      if busy {
        if recording { timeline.record(.intentDropped(run.intent, reason: "lane busy"), run: run.sequence) }
        logger.debug("\(run.intent) dropped: \(chosen.name) is busy")
        finishWithoutRunning(run)
      } else {
        start(run)
      }
    case .enqueue:
      if busy {
        run.phase = .queued
        lanes[run.lane, default: AgentLane()].enqueue(run)
        if recording { timeline.record(.intentQueued(run.intent), run: run.sequence) }
      } else {
        start(run)
      }
    }
    return nil
  }

  /// Starts `run`'s task on the global executor with the current context.
  func start(_ run: AgentRun<Context, Intent, Effect>) {
    run.phase = .running
    lanes[run.lane, default: AgentLane()].addRunning(run)
    if timeline.isEnabled {
      timeline.record(.skillStarted(run.skillName), run: run.sequence)
      run.startOffset = timeline.now
    }
    guard let roster = run.roster else { return }
    let task = Self.spawn(
      run, roster: unsafeDowncast(roster, to: AgentSkillRoster<Context, Intent, Effect>.self),
      context: contextStorage.pointee, inbox: inbox, receiver: effectReceiver, environment: environment,
      agentID: id, measures: measures, elapsed: elapsed)
    inbox.register(task, for: run.sequence)
    inbox.armCheck()
  }

  /// Records an intent no skill handled (or every matching skill fell through).
  func unhandled(_ run: AgentRun<Context, Intent, Effect>) {
    let mounted = roster.infos.map(\.description)
    if timeline.isEnabled { timeline.record(.unhandled(run.intent, mounted: mounted), run: run.sequence) }
    #if DEBUG
      logger.warning(AgentTimeline<Context, Intent, Effect>.unhandledMessage(intent: run.intent, mounted: mounted))
    #endif
    finishWithoutRunning(run)
  }

  func veto(_ run: AgentRun<Context, Intent, Effect>, _ denial: any Error, parent: String) {
    if timeline.isEnabled {
      timeline.record(.intentVetoed(run.intent, reason: String(describing: denial)), run: run.sequence)
    }
    logger.warning("\(run.intent) vetoed by \(parent): \(denial)")
    // Live without a task until its mapped failure is applied in the next batch.
    run.phase = .running
    inbox.push(.finished(.vetoed(denial)), for: run)
  }

  /// Settles the run's own part without it ever running.
  func finishWithoutRunning(_ run: AgentTaskNode) {
    run.phase = .done
    markOwnDone(run)
  }

  // MARK: - Lanes and settlement

  func removeFromLane(_ run: AgentTaskNode) {
    guard let index = lanes.index(forKey: run.lane) else { return }
    guard lanes.values[index].remove(run) else { return }
    if lanes.values[index].isEmpty { lanes.remove(at: index) }
  }

  /// Starts the next queued run of `key` when nothing runs in it.
  func advanceLane(_ key: AgentLaneKey) {
    guard let index = lanes.index(forKey: key), !lanes.values[index].hasRunning,
      let next = lanes.values[index].dequeue()
    else { return }
    start(unsafeDowncast(next, to: AgentRun<Context, Intent, Effect>.self))
  }

  /// The run's own part is over; settle it (and its origins) when nothing of
  /// the tree remains.
  func markOwnDone(_ run: AgentTaskNode) {
    guard !run.ownDone else { return }
    run.ownDone = true
    var current: AgentTaskNode? = run
    while let node = current {
      node.pending -= 1
      guard node.pending == 0 else { return }
      inbox.settle(node)
      current = node.parent
    }
  }

  /// Cancels `run` if it is queued or in flight.
  func cancel(_ run: AgentTaskNode, reason: AgentCancellationReason, advance: Bool) {
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
    if wasRunning { inbox.cancelTask(for: run.sequence) }
    if timeline.isEnabled {
      let duration = wasRunning ? timeline.now - run.startOffset : .zero
      timeline.record(.skillCancelled(run.skillName, reason: reason, duration: duration), run: run.sequence)
    }
    if advance { advanceLane(run.lane) }
    markOwnDone(run)
  }

  /// Cancels every queued and running run matching `predicate` (queued ones
  /// first, so none of them starts in between), then advances their lanes.
  func cancelRuns(reason: AgentCancellationReason, where predicate: (AgentTaskNode) -> Bool) {
    var queued: [AgentTaskNode] = []
    var running: [AgentTaskNode] = []
    for lane in lanes.values {
      queued.append(contentsOf: lane.queued.filter(predicate))
      running.append(contentsOf: lane.running.filter(predicate))
    }
    // Tell the skills first, so they observe the cancellation before any bookkeeping.
    for run in running { inbox.cancelTask(for: run.sequence) }
    running.sort { $0.sequence < $1.sequence }
    for run in deferredRuns where predicate(run) { run.cancellation = reason }
    guard !queued.isEmpty || !running.isEmpty else { return }
    for run in queued { cancel(run, reason: reason, advance: false) }
    for run in running { cancel(run, reason: reason, advance: false) }
    for key in Set((queued + running).map(\.lane)) { advanceLane(key) }
  }

  // MARK: - Running a skill

  /// Starts the run's task off the main actor.
  nonisolated static func spawn(
    _ run: AgentRun<Context, Intent, Effect>, roster: AgentSkillRoster<Context, Intent, Effect>, context: Context,
    inbox: AgentInbox<Context, Intent, Effect>, receiver: any EffectReceiver<Effect>, environment: SkillEnvironment,
    agentID: SkillRunID, measures: Bool, elapsed: @escaping @Sendable () -> Duration
  ) -> Task<Void, Never> {
    let startIndex = run.skillIndex
    return Task {
      await execute(
        run, roster: roster, startIndex: startIndex, context: context, inbox: inbox, receiver: receiver,
        environment: environment, agentID: agentID, measures: measures, elapsed: elapsed)
    }
  }

  /// Runs the claiming skill, and the next matching ones while they fall
  /// through, then reports the outcome to the inbox.
  nonisolated static func execute(
    _ run: AgentRun<Context, Intent, Effect>, roster: AgentSkillRoster<Context, Intent, Effect>, startIndex: Int,
    context: Context, inbox: AgentInbox<Context, Intent, Effect>, receiver: any EffectReceiver<Effect>,
    environment: SkillEnvironment, agentID: SkillRunID, measures: Bool, elapsed: @Sendable () -> Duration
  ) async {
    let monitor = environment.monitor
    var index = startIndex
    var outcome: AgentRunOutcome
    while true {
      let name = roster.infos[index].name
      let sink = EffectSink(receiver: receiver, run: run, skillName: name, agentID: agentID, environment: environment)
      let info = monitor.map { _ in
        SkillRunInfo(skillName: name, runID: agentRunID(agent: agentID, sequence: run.sequence))
      }
      let started = measures ? elapsed() : .zero
      if let monitor, let info { monitor.record(.started(info)) }
      do {
        let handling = try await roster.skill(at: index).handle(run.intent, context: context, emit: sink)
        let duration = measures ? elapsed() - started : .zero
        if Task.isCancelled {
          outcome = .cancelled(skill: index, duration: duration)
        } else if handling == .handled {
          outcome = .handled(skill: index, duration: duration)
        } else if let next = roster.firstMatch(for: run.intent, from: index + 1) {
          if let monitor, let info { monitor.record(.finished(info, duration: duration)) }
          inbox.push(.fellThrough(from: index, to: next, duration: duration), for: run)
          index = next
          continue
        } else {
          outcome = .exhausted(skill: index, duration: duration)
        }
      } catch {
        let duration = measures ? elapsed() - started : .zero
        if error is CancellationError || Task.isCancelled {
          outcome = .cancelled(skill: index, duration: duration)
        } else {
          outcome = .failed(skill: index, error: error, duration: duration)
        }
      }
      if let monitor, let info {
        switch outcome {
        case .handled(_, let duration), .exhausted(_, let duration):
          monitor.record(.finished(info, duration: duration))
        case .failed(_, let error, let duration):
          monitor.record(.failed(info, error: error, duration: duration))
        case .cancelled(_, let duration):
          monitor.record(.cancelled(info, duration: duration))
        case .vetoed:
          break
        }
      }
      break
    }
    inbox.push(.finished(outcome), for: run)
  }
}

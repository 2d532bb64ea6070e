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

  func makeRun(_ intent: Intent, origin: AgentRun<Context, Intent, Effect>?) -> AgentRun<Context, Intent, Effect> {
    sequenceCount &+= 1
    var parent: AgentRun<Context, Intent, Effect>?
    if let origin, origin.pending > 0 {
      origin.pending += 1
      parent = origin
    }
    return AgentRun(sequence: sequenceCount, intent: intent, parent: parent, inbox: inbox)
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
    guard let index = skills.firstIndex(where: { $0.skill.canHandle(run.intent) }) else {
      unhandled(run)
      return nil
    }
    run.skills = skills
    run.skillIndex = index
    let chosen = skills[index]
    if recording {
      var shadowed: [String] = []
      for other in skills[(index + 1)...] where other.skill.canHandle(run.intent) {
        shadowed.append(other.name)
      }
      timeline.record(.skillChosen(chosen.name, shadowed: shadowed), run: run.sequence)
    }
    let policy = chosen.skill.policy(for: run.intent)
    run.cancelID = policy.cancelID
    switch policy.lane {
    case .skill: run.lane = .skill(chosen.token.index)
    case .agent: run.lane = .agent
    case .custom(let id): run.lane = .custom(id)
    }
    // The lane is busy when it holds runs other than the intent's own origins.
    let lane = policy.concurrency == .parallel ? nil : lanes[run.lane]
    let busy = lane.map { $0.hasQueued || $0.running.values.contains { !run.hasAncestor($0) } } ?? false
    switch policy.concurrency {
    case .parallel:
      start(run)
    case .cancelPrevious:
      if busy, let lane {
        let victims = Array(lane.queued) + lane.running.values.sorted { $0.sequence < $1.sequence }
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
    let task = Self.spawn(
      run, context: contextStorage.pointee, environment: environment,
      runID: Self.runID(agent: id, sequence: run.sequence), measures: measures, elapsed: elapsed)
    inbox.register(task, for: run.sequence)
    inbox.armCheck()
  }

  /// Records an intent no skill handled (or every matching skill fell through).
  func unhandled(_ run: AgentRun<Context, Intent, Effect>) {
    let mounted = skills.map(\.info.description)
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
    inbox.push(.finished(run, .vetoed(denial)))
  }

  /// Settles the run's own part without it ever running.
  func finishWithoutRunning(_ run: AgentRun<Context, Intent, Effect>) {
    run.phase = .done
    markOwnDone(run)
  }

  // MARK: - Lanes and settlement

  func removeFromLane(_ run: AgentRun<Context, Intent, Effect>) {
    guard let index = lanes.index(forKey: run.lane) else { return }
    guard lanes.values[index].remove(run) else { return }
    if lanes.values[index].isEmpty { lanes.remove(at: index) }
  }

  /// Starts the next queued run of `key` when nothing runs in it.
  func advanceLane(_ key: AgentLaneKey) {
    guard let index = lanes.index(forKey: key), lanes.values[index].running.isEmpty,
      let next = lanes.values[index].dequeue()
    else { return }
    start(next)
  }

  /// The run's own part is over; settle it (and its origins) when nothing of
  /// the tree remains.
  func markOwnDone(_ run: AgentRun<Context, Intent, Effect>) {
    guard !run.ownDone else { return }
    run.ownDone = true
    var current: AgentRun<Context, Intent, Effect>? = run
    while let node = current {
      node.pending -= 1
      guard node.pending == 0 else { return }
      inbox.settle(node)
      current = node.parent
    }
  }

  /// Cancels `run` if it is queued or in flight.
  func cancel(_ run: AgentRun<Context, Intent, Effect>, reason: AgentCancellationReason, advance: Bool) {
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
  func cancelRuns(reason: AgentCancellationReason, where predicate: (AgentRun<Context, Intent, Effect>) -> Bool) {
    var queued: [AgentRun<Context, Intent, Effect>] = []
    var running: [AgentRun<Context, Intent, Effect>] = []
    for lane in lanes.values {
      queued.append(contentsOf: lane.queued.filter(predicate))
      running.append(contentsOf: lane.running.values.filter(predicate))
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

  /// A run id derived from the agent's id and the intent's number: unique
  /// per run, no randomness needed.
  nonisolated static func runID(agent: SkillRunID, sequence: UInt64) -> SkillRunID {
    var bytes = agent.rawValue.uuid
    let mixed = (sequence &* 0x9E37_79B9_7F4A_7C15) ^ (sequence << 17)
    withUnsafeMutableBytes(of: &bytes) { raw in
      for offset in 0..<8 {
        raw[offset] ^= UInt8(truncatingIfNeeded: mixed >> UInt64(56 - 8 * offset))
      }
    }
    return SkillRunID(rawValue: UUID(uuid: bytes))
  }

  /// Starts the run's task off the main actor.
  nonisolated static func spawn(
    _ run: AgentRun<Context, Intent, Effect>, context: Context, environment: SkillEnvironment,
    runID: SkillRunID, measures: Bool, elapsed: @escaping @Sendable () -> Duration
  ) -> Task<Void, Never> {
    let skills = run.skills
    let startIndex = run.skillIndex
    return Task {
      await execute(
        run, skills: skills, startIndex: startIndex, context: context, environment: environment, runID: runID,
        measures: measures, elapsed: elapsed)
    }
  }

  /// Runs the claiming skill, and the next matching ones while they fall
  /// through, then reports the outcome to the inbox.
  nonisolated static func execute(
    _ run: AgentRun<Context, Intent, Effect>, skills: [MountedSkill<Context, Intent, Effect>], startIndex: Int,
    context: Context, environment: SkillEnvironment, runID: SkillRunID, measures: Bool,
    elapsed: @Sendable () -> Duration
  ) async {
    let monitor = environment.monitor
    var index = startIndex
    var outcome: AgentRunOutcome
    while true {
      let mounted = skills[index]
      let sink = EffectSink(receiver: run, skillName: mounted.name, runID: runID, environment: environment)
      let info = monitor.map { _ in SkillRunInfo(skillName: mounted.name, runID: runID) }
      let started = measures ? elapsed() : .zero
      if let monitor, let info { monitor.record(.started(info)) }
      do {
        let handling = try await mounted.skill.handle(run.intent, context: context, emit: sink)
        let duration = measures ? elapsed() - started : .zero
        if Task.isCancelled {
          outcome = .cancelled(skill: index, duration: duration)
        } else if handling == .handled {
          outcome = .handled(skill: index, duration: duration)
        } else if let next = nextMatch(in: skills, after: index, for: run.intent) {
          if let monitor, let info { monitor.record(.finished(info, duration: duration)) }
          run.inbox.push(.fellThrough(run, from: index, to: next, duration: duration))
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
    run.inbox.push(.finished(run, outcome))
  }

  nonisolated static func nextMatch(
    in skills: [MountedSkill<Context, Intent, Effect>], after index: Int, for intent: Intent
  ) -> Int? {
    var next = index + 1
    while next < skills.count {
      if skills[next].skill.canHandle(intent) { return next }
      next += 1
    }
    return nil
  }
}

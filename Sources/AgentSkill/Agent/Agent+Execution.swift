extension Agent {
  /// Starts a task, off the main actor, that runs `skill` for `run` and
  /// delivers the outcome to the run's mailbox.
  nonisolated static func spawn(
    _ run: Run, skill: any IntentSkill<Context, Intent, Effect>, skillName: String, context: Context,
    environment: SkillEnvironment, agentID: SkillRunID, measures: Bool,
    elapsed: @escaping @Sendable () -> Duration
  ) -> Task<Void, Never> {
    Task {
      let outcome = await execute(
        run, skill: skill, skillName: skillName, context: context, environment: environment, agentID: agentID,
        measures: measures, elapsed: elapsed)
      run.mailbox.deliver(.ended(run, outcome))
    }
  }

  /// Runs `skill` for `run`, reporting to the monitor, and says how it ended.
  nonisolated static func execute(
    _ run: Run, skill: any IntentSkill<Context, Intent, Effect>, skillName: String, context: Context,
    environment: SkillEnvironment, agentID: SkillRunID, measures: Bool, elapsed: @Sendable () -> Duration
  ) async -> AgentRunOutcome {
    let sink = EffectSink(
      receiver: AgentRunOutlet(run: run), skillName: skillName, agentID: agentID, sequence: run.sequence,
      environment: environment)
    let monitor = environment.monitor
    let info = monitor.map { _ in
      SkillRunInfo(skillName: skillName, runID: agentRunID(agent: agentID, sequence: run.sequence))
    }
    let started = measures ? elapsed() : .zero
    if let monitor, let info { monitor.record(.started(info)) }
    let outcome: AgentRunOutcome
    do {
      let handling = try await skill.handle(run.intent, context: context, emit: sink)
      let duration = measures ? elapsed() - started : .zero
      if Task.isCancelled {
        outcome = .cancelled(duration: duration)
      } else {
        outcome = handling == .handled ? .handled(duration: duration) : .fellThrough(duration: duration)
      }
    } catch {
      let duration = measures ? elapsed() - started : .zero
      if error is CancellationError || Task.isCancelled {
        outcome = .cancelled(duration: duration)
      } else {
        outcome = .failed(error, duration: duration)
      }
    }
    if let monitor, let info {
      switch outcome {
      case .handled(let duration), .fellThrough(let duration):
        monitor.record(.finished(info, duration: duration))
      case .failed(let error, let duration):
        let underlying = (error as? MappedSkillFailure)?.underlying ?? error
        monitor.record(.failed(info, error: underlying, duration: duration))
      case .cancelled(let duration):
        monitor.record(.cancelled(info, duration: duration))
      case .vetoed:
        break
      }
    }
    return outcome
  }
}

/// Where a run's ``EffectSink`` delivers: the run's mailbox, tagged with the run.
struct AgentRunOutlet<Context: Sendable, Intent: Sendable, Effect: Sendable>: EffectReceiver {
  let run: AgentRun<Context, Intent, Effect>

  func receive(_ effect: Effect) {
    run.mailbox.deliver(.effect(effect, from: run))
  }

  func receive(contentsOf effects: [Effect]) {
    guard !effects.isEmpty else { return }
    run.mailbox.deliver(.effects(effects, from: run))
  }

  func currentContext() async -> (any Sendable)? {
    let settlement = run.mailbox.settlement
    return await MainActor.run { settlement.target?.currentContextValue() }
  }
}

extension Agent {
  /// Changes the context now, through the reducer: for edits a view makes
  /// itself (a text field, a toggle, a picker, a selection).
  ///
  /// Runs the reducer on the main actor before it returns, so reading the
  /// field right after shows the new value; records the effect in the
  /// timeline; notifies the observers of the fields that changed, once; and
  /// sends the follow-up intents the reducer returns (an edit that needs an
  /// asynchronous check starts it there).
  ///
  /// ```swift
  /// @MainActor func rename(_ agent: MessageAgent) {
  ///   agent.apply(.setMessages([Message(id: UUID(), text: "Draft")]))
  ///   print(agent.messages.count)   // 1, already
  /// }
  /// ```
  ///
  /// A binding to a field (`agent.binding(\.field, apply: Effect.setField)` in
  /// `AgentSkillUI`) writes through this method. The reducer must not call it: an effect
  /// applied while the reducer runs is applied right after it returns, and
  /// reported as an issue.
  ///
  /// - Parameter effect: The change, as the reducer understands it.
  public func apply(_ effect: Effect) {
    guard !isReducing else {
      appliedWhileReducing.append(effect)
      report(
        AgentIssue(
          kind: .appliedWhileReducing, agent: tag,
          message: "apply(_:) was called while the reducer ran; the effect is applied right after it. "
            + "Return follow-up intents from the reducer instead of applying effects from it."))
      return
    }
    let before = state
    let followUps = reduce(effect, run: nil)
    observation.publishChange(of: self, from: before, to: state)
    if timeline.isEnabled, timeline.options.capturesContext {
      timeline.record(.contextChanged(state), run: nil)
    }
    for follow in contextFollowers { follow(state) }
    for intent in followUps { send(intent) }
    publishTurn()
  }

  /// Runs the reducer for `effect`, then for the effects applied while it ran, recording each; returns the
  /// follow-ups of all of them.
  func reduce(_ effect: Effect, run: UInt64?) -> [Intent] {
    isReducing = true
    defer { isReducing = false }
    var followUps = reducer(&state, effect)
    effectHandler?(effect, state)
    let recording = timeline.isEnabled
    if recording {
      timeline.record(.effectApplied(effect), run: run)
      for intent in followUps { timeline.record(.followUp(intent), run: run) }
    }
    while !appliedWhileReducing.isEmpty {
      let late = appliedWhileReducing.removeFirst()
      let more = reducer(&state, late)
      effectHandler?(late, state)
      if recording {
        timeline.record(.effectApplied(late), run: nil)
        for intent in more { timeline.record(.followUp(intent), run: nil) }
      }
      followUps += more
    }
    return followUps
  }

  // MARK: - Runs as observable state

  /// Registers a read of the runs, under `member`.
  func observeRuns<Member>(_ member: KeyPath<Agent, Member>) {
    if !runsObserved {
      runsObserved = true
      publishedRuns = (runsRevision, hasNoRuns)
    }
    observation.access(self, member: member)
  }

  /// Ends a main-actor turn of the agent: publishes the timeline's new
  /// entries, and tells the observers of ``activeRuns`` and ``isIdle`` when
  /// the runs changed during the turn.
  func publishTurn() {
    timeline.publish()
    guard runsObserved, publishedRuns.revision != runsRevision else { return }
    let idle = hasNoRuns
    let idleChanged = idle != publishedRuns.isIdle
    publishedRuns = (runsRevision, idle)
    observation.notify(self, member: \.activeRuns)
    if idleChanged { observation.notify(self, member: \.isIdle) }
  }

  // MARK: - Issues

  /// Reports something that is likely a bug in the app: to the test store
  /// when one watches, otherwise to the log as a warning — in every build, so
  /// it reaches Xcode's console and Console.app without configuration (the
  /// default sink keeps message values private in release builds).
  func report(_ issue: AgentIssue) {
    if let issueHandler {
      issueHandler(issue)
    } else {
      logger.warning(issue.message)
    }
  }
}

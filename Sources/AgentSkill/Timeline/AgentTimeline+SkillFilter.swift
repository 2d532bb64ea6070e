extension AgentTimeline {
  /// The skills the recorded entries mention, in order of first mention.
  ///
  /// ```swift
  /// struct SkillPicker: View {
  ///   let agent: MessageAgent
  ///   @State private var skill: String?
  ///   var body: some View {
  ///     Picker("Skill", selection: $skill) {
  ///       ForEach(agent.timeline.skillNames, id: \.self) { Text($0).tag(Optional($0)) }
  ///     }
  ///   }
  /// }
  /// ```
  public var skillNames: [String] { Self.skillNames(in: entries) }

  /// The entries about `skill`: its own events (chosen, started, ended,
  /// mounted) and every entry of the intent runs it took part in — the
  /// intent, the effects it emitted, the follow-ups, a fall-through to or
  /// from another skill.
  ///
  /// ```swift
  /// let story = agent.timeline.entries(involving: "LoadMessagesSkill")
  /// ```
  ///
  /// - Parameter skill: The skill's name.
  /// - Returns: The matching entries, oldest first.
  public func entries(involving skill: String) -> [Entry] {
    Self.entries(entries, involving: skill)
  }

  /// The skills `entries` mention, in order of first mention.
  static func skillNames(in entries: [Entry]) -> [String] {
    var seen: Set<String> = []
    var names: [String] = []
    for entry in entries {
      for name in mentionedSkills(entry.event) where seen.insert(name).inserted {
        names.append(name)
      }
    }
    return names
  }

  /// The entries of `entries` about `skill`; see ``entries(involving:)``.
  static func entries(_ entries: [Entry], involving skill: String) -> [Entry] {
    var runs: Set<Int> = []
    for entry in entries {
      if let run = entry.run, involvedSkills(entry.event).contains(skill) { runs.insert(run) }
    }
    return entries.filter { entry in
      if let run = entry.run, runs.contains(run) { return true }
      return involvedSkills(entry.event).contains(skill)
    }
  }

  /// Every skill an event names, including skills that were shadowed.
  private static func mentionedSkills(_ event: AgentTimelineEvent<Context, Intent, Effect>) -> [String] {
    if case .skillChosen(let skill, let shadowed) = event { return [skill] + shadowed }
    return involvedSkills(event)
  }

  /// The skills an event is about: a shadowed skill did not take part in the run.
  private static func involvedSkills(_ event: AgentTimelineEvent<Context, Intent, Effect>) -> [String] {
    switch event {
    case .skillFellThrough(let skill, let next, _): [skill, next]
    default: event.skill.map { [$0] } ?? []
    }
  }
}

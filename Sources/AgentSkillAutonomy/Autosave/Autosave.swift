import AgentSkill

/// An autosave: save a draft once the user has
/// stopped editing for a while, the network is reachable, focus mode is off
/// and the last save is old enough.
///
/// ```swift
/// @MainActor final class EditorModel {   // or an @Observable model, with @ObservationIgnored on `autosave`
///   var text = "" { didSet { autosave.recordEdit() } }
///   private(set) lazy var autosave = Autosave(
///     saving: SaveDraftSkill().readingInput { [unowned self] in Draft(text: self.text) },
///     online: .predicate("online") { await network.isOnline },          // e.g. NWPathMonitor's latest path
///     focusMode: .onMainActor("focus mode") { UserDefaults.standard.bool(forKey: "isInFocusMode") }
///   )
///   func editorAppeared() { autosave.start() }   // stops when the model is released
/// }
/// ```
///
/// Every `checkEvery` (5 s) the autosave checks
/// `unsaved edits ∧ last edit ≥ 30 s ago ∧ online ∧ ¬focus mode ∧ last save ≥ 60 s ago`
/// and runs the save skill when it holds:
/// - *unsaved edits*: ``recordEdit()`` was called since the edits of the
///   last successful save were captured (an edit made while a save runs
///   stays unsaved, so it is saved later).
/// - *last edit ≥ `quietPeriod` ago*: the user has paused.
/// - *online*, *¬focus mode*: the conditions you pass; omit one to not check it.
/// - *last save ≥ `minimumInterval` ago*: measured from the end of the last
///   successful save; true before the first.
/// - any conditions passed as `alsoRequiring`, such as the user's
///   "autosave enabled" preference read with `.onMainActor`.
///
/// Conditions are read on every tick, on the actor they need: pass main-actor
/// state (`@AppStorage`, `UserDefaults` observed by views, `@Observable`
/// models) through `.onMainActor`, and read the skill's input with
/// ``/AgentSkill/Skill/readingInput(onMainActor:)`` so it is the current value when the
/// save starts, not a stale value read off the main actor. A failed save is
/// reported and retried on a later tick; the edits stay unsaved. Timing uses the environment's
/// clock, so tests drive it with `TestClock`. The autosave is built on
/// ``Poller`` and shares its lifetime rules: releasing it stops it.
public final class Autosave: Sendable {
  /// How long after the last edit a save may happen.
  package let quietPeriod: Duration
  /// The shortest time from the end of a successful save to the next save.
  package let minimumInterval: Duration
  /// The full condition checked on every tick.
  package let condition: AllConditions
  private let tracker: AutosaveTracker
  private let poller: Poller

  /// Creates an autosave for a save skill taking no input.
  ///
  /// - Parameters:
  ///   - skill: Saves the draft. Use ``/AgentSkill/Skill/readingInput(onMainActor:)`` to
  ///     give it main-actor state read at save time.
  ///   - quietPeriod: How long after the last edit a save may happen. Defaults to 30 s.
  ///   - minimumInterval: The shortest time between the end of a successful
  ///     save and the next save. Defaults to 60 s.
  ///   - checkInterval: How often the conditions are checked. Defaults to 5 s.
  ///   - online: Holds when the network is reachable; `nil` skips the check.
  ///   - focusMode: Holds when the user is in focus mode (saves wait until
  ///     it does not); `nil` skips the check.
  ///   - extraConditions: More conditions that must hold, such as an
  ///     "autosave enabled" preference.
  ///   - environment: Clock, dependencies, monitor and log sink.
  ///   - onEvent: Receives every tick's outcome: skipped (with the unmet
  ///     conditions), started, succeeded, failed, cancelled.
  public convenience init<S: Skill>(
    saving skill: S,
    quietPeriod: Duration = .seconds(30),
    minimumInterval: Duration = .seconds(60),
    checkEvery checkInterval: Duration = .seconds(5),
    online: (any RunCondition)? = nil,
    focusMode: (any RunCondition)? = nil,
    alsoRequiring extraConditions: [any RunCondition] = [],
    environment: SkillEnvironment = SkillEnvironment(),
    onEvent: (@Sendable (PollerEvent) -> Void)? = nil
  ) where S.Input == Void {
    self.init(
      saving: skill,
      quietPeriod: quietPeriod,
      minimumInterval: minimumInterval,
      checkEvery: checkInterval,
      online: online,
      focusMode: focusMode,
      alsoRequiring: extraConditions,
      environment: environment,
      onEvent: onEvent,
      input: {}
    )
  }

  /// Creates an autosave for a save skill whose input is produced at each save.
  ///
  /// - Parameters:
  ///   - skill: Saves the draft.
  ///   - quietPeriod: How long after the last edit a save may happen. Defaults to 30 s.
  ///   - minimumInterval: The shortest time between the end of a successful
  ///     save and the next save. Defaults to 60 s.
  ///   - checkInterval: How often the conditions are checked. Defaults to 5 s.
  ///   - online: Holds when the network is reachable; `nil` skips the check.
  ///   - focusMode: Holds when the user is in focus mode; `nil` skips the check.
  ///   - extraConditions: More conditions that must hold.
  ///   - environment: Clock, dependencies, monitor and log sink.
  ///   - onEvent: Receives every tick's outcome.
  ///   - input: Produces the draft when a save starts; a `@MainActor`
  ///     closure reads main-actor state there.
  public init<S: Skill>(
    saving skill: S,
    quietPeriod: Duration = .seconds(30),
    minimumInterval: Duration = .seconds(60),
    checkEvery checkInterval: Duration = .seconds(5),
    online: (any RunCondition)? = nil,
    focusMode: (any RunCondition)? = nil,
    alsoRequiring extraConditions: [any RunCondition] = [],
    environment: SkillEnvironment = SkillEnvironment(),
    onEvent: (@Sendable (PollerEvent) -> Void)? = nil,
    input: @escaping @Sendable () async throws -> S.Input
  ) {
    let quietPeriod = max(quietPeriod, .zero)
    let minimumInterval = max(minimumInterval, .zero)
    let tracker = AutosaveTracker(timeline: ClockTimeline(clock: environment.clock))
    var parts: [any RunCondition] = [
      ClosureCondition("unsaved edits") { tracker.hasUnsavedEdits },
      ClosureCondition("last edit ≥ \(quietPeriod.shortDescription) ago") {
        tracker.timeSinceLastEdit.map { $0 >= quietPeriod } ?? false
      },
    ]
    if let online { parts.append(online) }
    if let focusMode { parts.append(NegatedCondition(focusMode)) }
    parts.append(
      ClosureCondition("last save ≥ \(minimumInterval.shortDescription) ago") {
        tracker.timeSinceLastSave.map { $0 >= minimumInterval } ?? true
      }
    )
    parts += extraConditions
    let condition = AllConditions(parts)
    let save = ClosureSkill<Void, S.Output>(skill.name) { _, context in
      let captured = tracker.editCount
      let value = try await input()
      let output = try await skill.run(value, context: context)
      tracker.markSaved(upTo: captured)
      return output
    }
    self.quietPeriod = quietPeriod
    self.minimumInterval = minimumInterval
    self.condition = condition
    self.tracker = tracker
    self.poller = Poller(
      every: checkInterval,
      when: condition,
      run: save,
      environment: environment,
      onEvent: onEvent
    )
  }

  /// Records that the user edited the draft now; call it on every change.
  ///
  /// ```swift
  /// struct DraftEditor: View {
  ///   let autosave: Autosave
  ///   @State private var text = ""
  ///   var body: some View {
  ///     TextField("Draft", text: $text)
  ///       .onChange(of: text) { autosave.recordEdit() }
  ///   }
  /// }
  /// ```
  public func recordEdit() {
    tracker.recordEdit()
  }

  /// Whether edits were recorded since those captured by the last successful save.
  public var hasUnsavedEdits: Bool { tracker.hasUnsavedEdits }

  /// Starts checking; does nothing when already started. Stops on ``stop()``
  /// or when the autosave is released.
  public func start() {
    poller.start()
  }

  /// Stops checking and cancels a save in progress.
  public func stop() {
    poller.stop()
  }

  /// Checks until the calling task is cancelled — for `.task { await autosave.run() }`.
  public func run() async {
    await poller.run()
  }

  /// Whether the autosave is checking.
  public var isPolling: Bool { poller.isPolling }

  /// Evaluates the condition now, naming what prevents a save.
  ///
  /// - Returns: Which sub-conditions hold.
  public func evaluate() async -> ConditionEvaluation {
    await condition.evaluate()
  }
}

/// The edit and save bookkeeping of an ``Autosave``, on its clock's timeline.
final class AutosaveTracker: Sendable {
  private struct State {
    var editCount: UInt64 = 0
    var savedEditCount: UInt64 = 0
    var lastEdit: Duration?
    var lastSave: Duration?
  }

  private let state = LockIsolated(State())
  private let timeline: ClockTimeline

  init(timeline: ClockTimeline) {
    self.timeline = timeline
  }

  var editCount: UInt64 { state.value.editCount }
  var hasUnsavedEdits: Bool { state.withValue { $0.editCount > $0.savedEditCount } }
  var timeSinceLastEdit: Duration? { state.value.lastEdit.map { timeline.now - $0 } }
  var timeSinceLastSave: Duration? { state.value.lastSave.map { timeline.now - $0 } }

  func recordEdit() {
    let now = timeline.now
    state.withValue { state in
      state.editCount += 1
      state.lastEdit = now
    }
  }

  /// A save of the edits up to `count` succeeded now.
  func markSaved(upTo count: UInt64) {
    let now = timeline.now
    state.withValue { state in
      state.savedEditCount = max(state.savedEditCount, count)
      state.lastSave = now
    }
  }
}

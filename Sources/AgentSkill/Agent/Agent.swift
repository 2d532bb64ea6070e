import Foundation
import Observation

/// The single source of truth for a screen: receives intents, routes them to
/// skills by priority, applies the effects they emit to one observable
/// ``context`` through a reducer, and sends the follow-up intents the
/// reducer returns.
///
/// ```swift
/// let agent = Agent(
///   context: MessageContext(),
///   skills: [LoadMessagesSkill()],
///   reduce: { context, effect in
///     switch effect {
///     case .setPhase(let phase): context.phase = phase
///     case .setMessages(let messages):
///       context.messages = messages
///       context.phase = .loaded
///     case .appendMessages(let messages):
///       context.messages += messages
///     }
///     return []   // follow-up intents, sent after this batch of effects
///   },
///   mapFailure: { error, _ in .setPhase(.failure("Loading failed, pull to retry")) }
/// )
/// ```
///
/// A view reads the fields it shows through the agent:
///
/// ```swift
/// struct MessageListView: View {
///   @Environment(Agent<MessageContext, MessageIntent, MessageEffect>.self) private var agent
///   var body: some View {
///     List(agent.messages) { MessageRow(message: $0) }   // observes `messages` only
///       .task { await agent.send(.load).finish() }       // cancelled when the view goes away
///   }
/// }
/// ```
///
/// ## Routing
/// Skills are tried in ascending ``IntentSkill/priority``, stable by mount
/// order. The first whose ``IntentSkill/canHandle(_:)`` accepts the intent
/// runs; ``Handling/fallthrough`` passes it to the next one that accepts it.
/// When no skill handles an intent, the timeline records it with the mounted
/// skills (`no skill handled load; mounted: CacheSkill(10), NetworkSkill(100)`)
/// and logs a warning (`AgentTestStore` fails the test); nothing crashes.
/// An ``IntentRouter`` routes every intent with a `switch` the compiler checks.
///
/// ## Effects and the context
/// Skills run off the main actor and emit effects from any task or thread.
/// Effects are applied on the main actor, in order, by the reducer — the only
/// place the context changes. Effects that arrive together are applied in one
/// main-actor turn that writes the context once and notifies observers once.
/// Follow-up intents returned by the reducer are sent after the batch, never
/// recursively; an intent sent while a batch is applied waits for the batch.
/// A follow-up never cancels the run whose effect produced it.
///
/// A thrown error ends the run and goes through `mapFailure`, which may turn
/// it into an effect; `CancellationError` is never a failure. Effects emitted
/// by a run that was cancelled, superseded or has finished are dropped.
///
/// ## Concurrency
/// Each run follows the ``IntentPolicy`` its skill gives for the intent:
/// cancel the previous run of its lane (the default), run in parallel, drop
/// while busy, or queue; runs with an identifier can be cancelled with
/// ``cancel(id:)``. ``cancelAll()`` and releasing the agent cancel every run;
/// runs never keep the agent alive.
///
/// ## Observability
/// The ``timeline`` records intents, routing, skill runs with durations on the
/// agent's clock, effects and follow-ups; export it with ``exportTimeline()``.
/// When ``SkillEnvironment/monitor`` is set, every skill run is reported to it.
///
/// ## Observation
/// `Agent` conforms to `Observable` per field of the context, without
/// macros. Read a field through the agent — `agent.items`, `agent.phase` — and
/// a SwiftUI body or `withObservationTracking` scope depends on that field
/// alone: it is invalidated once per batch of effects that changed it, and
/// not when only other fields changed. Reading ``context`` depends on the
/// whole context; reading a nested value (`agent.settings.theme`) depends on
/// the field read through the agent (`settings`).
///
/// A field is compared with `==` when it is `Equatable` (arrays compare their
/// storage first, so an untouched array costs one pointer comparison), and
/// counts as changed by every batch otherwise. The cost is one dictionary
/// lookup per field read and one comparison per read field per batch.
/// A context field named like one of the agent's own members (`id`, `name`,
/// `environment`, `timeline`, `tag`) is read through ``context``.
///
/// The reducer receives the context `inout` and must not read ``context``
/// while it runs: Swift's exclusivity check stops such a read.
@MainActor
@dynamicMemberLookup
public final class Agent<Context: Sendable, Intent: Sendable, Effect: Sendable>: Observable, AgentDrainTarget {
  typealias Run = AgentRun<Context, Intent, Effect>

  /// The agent's identifier, shown in its log tag.
  public nonisolated let id: SkillRunID
  /// The agent's name, used in its log tag, the timeline and diagnostics.
  public nonisolated let name: String
  /// The clock, dependencies, monitor and log sink given to every skill run.
  public nonisolated let environment: SkillEnvironment
  /// The bounded record of what the agent did.
  public let timeline: AgentTimeline<Context, Intent, Effect>

  /// The agent's log tag, such as `MessageAgent-8a2b`.
  public nonisolated var tag: String { id.tag(for: name) }

  /// The snapshot views observe. Only the reducer changes it, once per
  /// applied batch of effects. Reading it observes the whole context; read
  /// a field through the agent (`agent.items`) to observe that field alone.
  public var context: Context {
    observation.accessWhole(self)
    return state
  }

  /// Reads one field of the context and observes that field alone: a scope
  /// that read `agent.items` is not notified when only another field changed.
  ///
  /// - Parameter field: The field's key path in the context.
  /// - Returns: The field's current value.
  public subscript<Value>(dynamicMember field: KeyPath<Context, Value>) -> Value {
    observation.access(self, field: field, isEqual: nil)
    return state[keyPath: field]
  }

  /// Reads one field of the context and observes that field alone; a batch
  /// that leaves it equal does not notify.
  ///
  /// - Parameter field: The field's key path in the context.
  /// - Returns: The field's current value.
  public subscript<Value: Equatable>(dynamicMember field: KeyPath<Context, Value>) -> Value {
    observation.access(self, field: field, isEqual: { $0 == $1 })
    return state[keyPath: field]
  }

  /// The context; the reducer mutates it in place.
  var state: Context
  let observation: ContextObservation<Agent, Context>
  let reducer: @MainActor (inout Context, Effect) -> [Intent]
  let failureMapping: @MainActor (any Error, Intent) -> Effect?
  nonisolated let mailbox: AgentMailbox<Context, Intent, Effect>
  nonisolated let logger: SkillLogger
  /// Whether runs measure durations (for the timeline or the monitor).
  nonisolated let measures: Bool
  /// Time since the agent started on its clock (zero when nothing measures).
  nonisolated let elapsed: @Sendable () -> Duration

  var skills: [MountedSkill<Context, Intent, Effect>] = []
  /// `skills` as routing reads them; rebuilt when they change.
  var roster = AgentRoster<Context, Intent, Effect>([])
  var mountCount: UInt64 = 0
  var sequenceCount: UInt64 = 0
  var lanes: [AgentLaneKey: AgentLane] = [:]
  var isDraining = false
  /// Intents sent while a batch was applied, routed after it.
  var deferredRuns: [Run] = []
  var parentLink: AgentParentLink<Intent>?
  /// Whether the reducer is running (an ``apply(_:)`` then waits for it to return).
  var isReducing = false
  /// Effects applied while the reducer ran, applied right after it returns.
  var appliedWhileReducing: [Effect] = []
  /// Receives the agent's issues (an intent no skill handled); the test store fails the test with them.
  package var issueHandler: (@MainActor (AgentIssue) -> Void)?
  /// Told of every effect the reducer applied, with the context right after it; the test store records them.
  package var effectHandler: (@MainActor (Effect, Context) -> Void)?
  /// Told, in order, after every batch of effects changed the context (child agents follow it).
  var contextFollowers: [@MainActor (Context) -> Void] = []
  /// Changes whenever a run starts, is queued, or ends; observers of ``activeRuns`` are told once per turn.
  var runsRevision: UInt64 = 0
  /// The revision and idleness observers last heard of.
  var publishedRuns: (revision: UInt64, isIdle: Bool) = (0, true)
  /// Whether anything read ``activeRuns`` or ``isIdle`` (until then, nothing is published).
  var runsObserved = false

  /// Creates an agent.
  ///
  /// - Parameters:
  ///   - context: The initial context.
  ///   - skills: The skills to mount, in mount order.
  ///   - reduce: Applies an effect to the context and returns follow-up
  ///     intents, sent after the current batch of effects.
  ///   - mapFailure: Turns an error thrown by a skill (or a parent's
  ///     permission veto, ``AgentPermissionDenied``) into an effect, or
  ///     returns `nil` to only record it. Never called for `CancellationError`.
  ///     Defaults to recording only.
  ///   - name: The agent's name for logs and the timeline. Defaults to `Agent`.
  ///   - environment: Clock, dependencies, monitor and log sink for every
  ///     run. Pass a `TestClock` in tests.
  ///   - timeline: How the timeline records. Defaults to
  ///     ``AgentTimelineOptions/automatic``: 1,000 entries within 256 KiB,
  ///     without context snapshots, in debug builds; off in release builds.
  ///     ``AgentTimelineOptions/disabled`` turns it off everywhere.
  public init(
    context: Context,
    skills: [any IntentSkill<Context, Intent, Effect>],
    reduce: @escaping @MainActor (inout Context, Effect) -> [Intent],
    mapFailure: @escaping @MainActor (any Error, Intent) -> Effect? = { _, _ in nil },
    name: String = "Agent",
    environment: SkillEnvironment = SkillEnvironment(),
    timeline: AgentTimelineOptions = .automatic
  ) {
    let id = SkillRunID()
    self.id = id
    self.name = name
    self.environment = environment
    self.reducer = reduce
    self.failureMapping = mapFailure
    self.logger = SkillLogger(name: name, id: id, sink: environment.logSink)
    let measures = timeline.capacity > 0 || environment.monitor != nil
    self.measures = measures
    let elapsed: @Sendable () -> Duration
    if measures, environment.clock is ContinuousClock {
      // The common case, without generic dispatch on every reading.
      let start = ContinuousClock.now
      elapsed = { start.duration(to: ContinuousClock.now) }
    } else if measures {
      let clock: any Clock<Duration> = environment.clock
      elapsed = stopwatch(on: clock)
    } else {
      elapsed = { .zero }
    }
    self.elapsed = elapsed
    self.timeline = AgentTimeline(
      options: timeline, agentTag: id.tag(for: name), initialContext: context, elapsed: elapsed)
    self.state = context
    self.observation = ContextObservation(\Agent.context)
    self.mailbox = AgentMailbox()
    mailbox.settlement.connect(self)
    for skill in skills { insert(skill) }
    self.roster = AgentRoster(self.skills)
    self.publishTurn()
  }

  deinit {
    mailbox.close()
  }

  func currentContextValue() -> any Sendable { state }

  // MARK: - Skills

  /// The mounted skills in routing order: ascending priority, then mount order.
  public var mountedSkills: [MountedSkillInfo] { skills.map(\.info) }

  /// Mounts `skill`; intents sent from now on can be routed to it.
  ///
  /// Runs already in flight keep the skill list they were routed with.
  ///
  /// - Parameter skill: The skill to add.
  /// - Returns: A token for ``unmount(_:cancelRunning:)``.
  @discardableResult
  public func mount(_ skill: any IntentSkill<Context, Intent, Effect>) -> SkillMountToken {
    let token = insert(skill)
    roster = AgentRoster(skills)
    publishTurn()
    return token
  }

  /// Unmounts the skill mounted with `token`.
  ///
  /// When `cancelRunning` is `true` (the default), the skill's runs in flight
  /// and queued are cancelled at once and their late effects dropped, so a
  /// removed skill stops affecting the screen. When `false`, they complete and
  /// their effects are applied; only new intents no longer reach the skill.
  /// A run routed before the unmount keeps the skill list it was routed with,
  /// so another skill's run may still fall through to the unmounted one.
  ///
  /// - Parameters:
  ///   - token: The token ``mount(_:)`` returned.
  ///   - cancelRunning: Whether to cancel the skill's runs. Defaults to `true`.
  /// - Returns: Whether a skill was unmounted (`false` for an unknown token,
  ///   one already unmounted, or one issued by another agent).
  @discardableResult
  public func unmount(_ token: SkillMountToken, cancelRunning: Bool = true) -> Bool {
    guard token.agentID == id, let index = skills.firstIndex(where: { $0.token == token }) else { return false }
    let removed = skills.remove(at: index)
    roster = AgentRoster(skills)
    if timeline.isEnabled { timeline.record(.skillUnmounted(removed.name), run: nil) }
    if cancelRunning { cancelRuns(reason: .unmounted) { $0.skillToken == token } }
    publishTurn()
    return true
  }

  /// Unmounts every skill named `name`; see ``unmount(_:cancelRunning:)``.
  ///
  /// - Parameters:
  ///   - name: The skills' ``IntentSkill/name``.
  ///   - cancelRunning: Whether to cancel their runs. Defaults to `true`.
  /// - Returns: How many skills were unmounted.
  @discardableResult
  public func unmount(named name: String, cancelRunning: Bool = true) -> Int {
    let tokens = skills.filter { $0.name == name }.map(\.token)
    for token in tokens { unmount(token, cancelRunning: cancelRunning) }
    return tokens.count
  }

  @discardableResult
  private func insert(_ skill: any IntentSkill<Context, Intent, Effect>) -> SkillMountToken {
    mountCount += 1
    let token = SkillMountToken(agentID: id, index: mountCount)
    let mounted = MountedSkill(skill: skill, name: skill.name, priority: skill.priority, token: token)
    let index = skills.firstIndex { $0.priority > mounted.priority } ?? skills.endIndex
    skills.insert(mounted, at: index)
    if timeline.isEnabled { timeline.record(.skillMounted(mounted.name), run: nil) }
    return token
  }

  // MARK: - Cancellation

  /// Cancels every run, in flight and queued. Their late effects are dropped;
  /// skills observe the cancellation at once.
  public func cancelAll() {
    cancelRuns(reason: .cancelledAll) { _ in true }
    publishTurn()
  }

  /// Cancels the runs whose policy carries `id` (``IntentPolicy/cancellable(id:)``).
  ///
  /// Identifiers are scoped to this agent: another agent's runs with the same
  /// identifier are not affected.
  ///
  /// - Parameter id: The identifier.
  public func cancel(id: some Hashable & Sendable) {
    let id = AgentTaskID(id)
    cancelRuns(reason: .cancelledByID) { $0.cancelID == id }
    publishTurn()
  }

  // MARK: - Introspection

  /// The intents in flight and queued, oldest first.
  ///
  /// Observable: a view or observation scope that reads it is told once per
  /// main-actor turn in which a run started, was queued or ended.
  package var activeRuns: [AgentRunInfo<Intent>] {
    observeRuns(\.activeRuns)
    var result: [AgentRunInfo<Intent>] = []
    for lane in lanes.values {
      for case let run as Run in lane.running.values { result.append(run.info(isQueued: false)) }
      for case let run as Run in lane.queued { result.append(run.info(isQueued: true)) }
    }
    for run in deferredRuns where run.cancellation == nil { result.append(run.info(isQueued: true)) }
    return result.sorted { $0.sequence < $1.sequence }
  }

  /// Whether no run is in flight or queued.
  ///
  /// Observable: a view that shows a spinner while the agent works is told
  /// when it turns `true` or `false`.
  public var isIdle: Bool {
    observeRuns(\.isIdle)
    return hasNoRuns
  }

  /// Whether no run is in flight or queued, without observing.
  var hasNoRuns: Bool { lanes.isEmpty && deferredRuns.isEmpty }

  /// The timeline as a JSON-ready document, with the current context as its
  /// final context; see ``AgentTimelineDocument``.
  ///
  /// - Returns: The redacted document.
  public func exportTimeline() -> AgentTimelineDocument {
    timeline.export(finalContext: state)
  }
}

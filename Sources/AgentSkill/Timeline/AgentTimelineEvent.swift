/// Something that happened in an agent, as recorded by its ``AgentTimeline``.
///
/// Events store typed values (intents, effects, errors); text is rendered
/// only when the timeline is exported.
public enum AgentTimelineEvent<Context: Sendable, Intent: Sendable, Effect: Sendable>: Sendable {
  /// An intent arrived; `origin` is the run whose effect produced it (a follow-up).
  case intentReceived(Intent, origin: Int?)
  /// The reducer returned `intent` as a follow-up of this run.
  case followUp(Intent)
  /// The parent agent vetoed the intent: a permission it requires is not granted.
  case intentVetoed(Intent, reason: String)
  /// The intent is a navigation request and went to the parent agent.
  case intentForwarded(Intent, parent: String)
  /// The intent was ignored: its lane was busy (``IntentPolicy/dropWhileRunning``)
  /// or, for a navigation request, the parent agent was released.
  case intentDropped(Intent, reason: String)
  /// The intent waits in its lane's queue (``IntentPolicy/enqueue``).
  case intentQueued(Intent)
  /// No skill handled the intent; `mounted` lists the skills as `Name(priority)`.
  case unhandled(Intent, mounted: [String])
  /// `skill` claimed the intent; `shadowed` also could have handled it.
  case skillChosen(String, shadowed: [String])
  /// `skill` started.
  case skillStarted(String)
  /// `skill` fell through to `next` after `duration`.
  case skillFellThrough(String, next: String, duration: Duration)
  /// `skill` handled the intent in `duration`.
  case skillFinished(String, duration: Duration)
  /// `skill` threw `error` after `duration`.
  case skillFailed(String, error: any Error, duration: Duration)
  /// `skill`'s run was cancelled after `duration`.
  case skillCancelled(String, reason: AgentCancellationReason, duration: Duration)
  /// The reducer applied `effect`.
  case effectApplied(Effect)
  /// `effect` arrived after its run was cancelled, superseded or finished, and was not applied.
  case effectDropped(Effect, reason: AgentEffectDropReason)
  /// The context after a batch of effects (recorded when ``AgentTimelineOptions/capturesContext`` is on).
  case contextChanged(Context)
  /// A skill was mounted.
  case skillMounted(String)
  /// A skill was unmounted.
  case skillUnmounted(String)

  /// The event's kind, as written in the exported JSON.
  public var kind: AgentTimelineDocument.Kind {
    switch self {
    case .intentReceived: .intentReceived
    case .followUp: .followUp
    case .intentVetoed: .intentVetoed
    case .intentForwarded: .intentForwarded
    case .intentDropped: .intentDropped
    case .intentQueued: .intentQueued
    case .unhandled: .unhandled
    case .skillChosen: .skillChosen
    case .skillStarted: .skillStarted
    case .skillFellThrough: .skillFellThrough
    case .skillFinished: .skillFinished
    case .skillFailed: .skillFailed
    case .skillCancelled: .skillCancelled
    case .effectApplied: .effectApplied
    case .effectDropped: .effectDropped
    case .contextChanged: .contextChanged
    case .skillMounted: .skillMounted
    case .skillUnmounted: .skillUnmounted
    }
  }

  /// The duration carried by skill finish, failure, fall-through and cancellation events.
  public var duration: Duration? {
    switch self {
    case .skillFellThrough(_, _, let duration), .skillFinished(_, let duration), .skillFailed(_, _, let duration),
      .skillCancelled(_, _, let duration):
      duration
    default:
      nil
    }
  }

  /// The skill the event is about, when there is one.
  public var skill: String? {
    switch self {
    case .skillChosen(let name, _), .skillStarted(let name), .skillFellThrough(let name, _, _),
      .skillFinished(let name, _), .skillFailed(let name, _, _), .skillCancelled(let name, _, _),
      .skillMounted(let name), .skillUnmounted(let name):
      name
    default:
      nil
    }
  }
}

/// Why an effect was not applied.
public enum AgentEffectDropReason: Sendable, Hashable, CustomStringConvertible {
  /// Its run was cancelled or superseded.
  case runCancelled(AgentCancellationReason)
  /// It was emitted after its run had finished (an escaped sink).
  case runFinished

  /// `run cancelled (superseded)` or `run finished`.
  public var description: String {
    switch self {
    case .runCancelled(let reason): "run cancelled (\(reason.rawValue))"
    case .runFinished: "run finished"
    }
  }
}

/// One recorded event with its position and time.
public struct AgentTimelineEntry<Context: Sendable, Intent: Sendable, Effect: Sendable>: Sendable {
  /// The entry's number, counting from 1 since the timeline started (evicted entries included).
  public let sequence: Int
  /// When it happened, measured on the agent's clock since the timeline started.
  public let offset: Duration
  /// The intent run it belongs to (the intent's number within the agent), or `nil`.
  public let run: Int?
  /// What happened.
  public let event: AgentTimelineEvent<Context, Intent, Effect>
}

/// An identifier for agent runs, used for lanes and for ``Agent/cancel(id:)``.
///
/// Any hashable, sendable value works; string literals are accepted directly.
/// Identifiers are scoped to one agent: two agents using the same identifier
/// never cancel each other's runs (a shared identifier would let one
/// screen's cancellation stop another screen's work).
///
/// ```swift
/// enum PhotoIntent: Sendable { case upload(photoID: UUID), reload }
///
/// func policy(for intent: PhotoIntent) -> IntentPolicy {
///   guard case .upload(let photoID) = intent else { return .cancelPrevious }
///   return .parallel.cancellable(id: photoID)   // later: agent.cancel(id: photoID)
/// }
/// ```
public struct AgentTaskID: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  private let box: Box

  /// Wraps `value`.
  ///
  /// - Parameter value: Any hashable, sendable value.
  public init(_ value: some Hashable & Sendable) {
    if let id = value as? AgentTaskID {
      self = id
    } else {
      self.box = Box(value)
    }
  }

  /// Wraps a string literal.
  ///
  /// - Parameter value: The identifier's text.
  public init(stringLiteral value: String) {
    self.box = Box(value)
  }

  /// The wrapped value's description.
  public var description: String { box.description }

  /// Equal when the wrapped values have the same type and are equal.
  public static func == (lhs: AgentTaskID, rhs: AgentTaskID) -> Bool { lhs.box.isEqual(to: rhs.box) }

  /// Hashes the wrapped value.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) { box.hash(into: &hasher) }

  private struct Box: Sendable {
    let value: any Hashable & Sendable
    init(_ value: any Hashable & Sendable) { self.value = value }
    var description: String { String(describing: value) }
    func isEqual(to other: Box) -> Bool { Self.equal(value, other.value) }
    func hash(into hasher: inout Hasher) {
      hasher.combine(ObjectIdentifier(type(of: value)))
      value.hash(into: &hasher)
    }
    private static func equal<T: Hashable>(_ lhs: T, _ rhs: any Hashable & Sendable) -> Bool {
      guard let rhs = rhs as? T else { return false }
      return lhs == rhs
    }
  }
}

/// The group of runs an ``IntentPolicy`` applies to.
///
/// A run belongs to the lane of the skill handling it *now*. When a skill
/// falls through (``Handling/fallthrough``), the intent moves on the main
/// actor to the next skill that accepts it, joins that skill's lane and
/// follows that skill's policy. So with a cache skill in front of a network
/// skill, a `.load` that missed the cache runs in the network skill's lane,
/// and a `.refresh` the network skill handles cancels it — whether it was
/// sent before or after the fall-through: a run arriving in a lane where a
/// newer intent already runs is superseded by it. Runs of a lane follow the
/// order their intents were sent; runs of different lanes are independent.
public enum IntentLane: Hashable, Sendable {
  /// The runs of the skill that handles the intent (the default): a new
  /// `.load` cancels the running `.load`, but a `.sendMessage` handled by
  /// another skill does not.
  case skill
  /// One lane for the whole agent, like a view model's single `currentTask`:
  /// every intent using this lane competes with every other one.
  case agent
  /// A named lane shared by every intent that names it, across skills.
  case custom(AgentTaskID)
}

/// What happens when an intent arrives while runs are in flight in its lane.
///
/// Returned by ``IntentSkill/policy(for:)``.
///
/// ```swift
/// enum ShopIntent: Sendable { case query(String), save, pay, upload(UUID) }
///
/// func policy(for intent: ShopIntent) -> IntentPolicy {
///   switch intent {
///   case .query: .cancelPrevious                 // newest query wins
///   case .save: .enqueue                         // saves run one after another
///   case .pay: .dropWhileRunning                 // a double tap pays once
///   case .upload(let id): .parallel.cancellable(id: id)
///   }
/// }
/// ```
///
/// A follow-up intent (returned by the reducer) never cancels, drops or waits
/// for the run whose effect produced it, nor that run's own origins: the load
/// that triggers `.prefetchMore` still completes.
public struct IntentPolicy: Hashable, Sendable {
  /// How a new run treats the runs already in its lane.
  public enum Concurrency: Hashable, Sendable {
    /// Cancel the runs in flight and queued in the lane, then start.
    case cancelPrevious
    /// Start at once, alongside the runs in flight.
    case parallel
    /// Ignore the new intent while the lane has a run in flight or queued.
    case dropWhileRunning
    /// Start after every run in flight or queued in the lane, in order.
    case enqueue
    /// Cancel the runs in flight and queued in the lane, then run to the end:
    /// intents of the lane sent later wait for it instead of cancelling it.
    ///
    /// For short state changes that must take effect before whatever comes
    /// next — clear, reset, sign out: `clear()` followed at once by
    /// `send("hi")` clears the conversation, then sends.
    case barrier
  }

  /// How the run treats the runs already in its lane.
  package var concurrency: Concurrency
  /// Which runs count as "the lane".
  package var lane: IntentLane
  /// An identifier for ``Agent/cancel(id:)``, or `nil`.
  package var cancelID: AgentTaskID?

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - concurrency: How the run treats the runs already in its lane.
  ///   - lane: Which runs count as the lane. Defaults to the skill's own lane.
  ///   - cancelID: An identifier for ``Agent/cancel(id:)``. Defaults to none.
  public init(_ concurrency: Concurrency, lane: IntentLane = .skill, cancelID: AgentTaskID? = nil) {
    self.concurrency = concurrency
    self.lane = lane
    self.cancelID = cancelID
  }

  /// Cancel the run in flight in the skill's lane, then start (the default).
  public static let cancelPrevious = IntentPolicy(.cancelPrevious)
  /// Run alongside whatever is in flight.
  public static let parallel = IntentPolicy(.parallel)
  /// Ignore the intent while the skill's lane is busy.
  public static let dropWhileRunning = IntentPolicy(.dropWhileRunning)
  /// Run after the runs in flight in the skill's lane, in order.
  public static let enqueue = IntentPolicy(.enqueue)
  /// Cancel the runs in the skill's lane, then run to the end while later
  /// intents of the lane wait (``Concurrency/barrier``).
  public static let barrier = IntentPolicy(.barrier)

  /// This policy applied to `lane` instead.
  ///
  /// - Parameter lane: The lane.
  /// - Returns: The modified policy.
  public func inLane(_ lane: IntentLane) -> IntentPolicy {
    var copy = self
    copy.lane = lane
    return copy
  }

  /// This policy, with runs cancellable through ``Agent/cancel(id:)``.
  ///
  /// - Parameter id: The identifier, scoped to the agent.
  /// - Returns: The modified policy.
  public func cancellable(id: some Hashable & Sendable) -> IntentPolicy {
    var copy = self
    copy.cancelID = AgentTaskID(id)
    return copy
  }
}

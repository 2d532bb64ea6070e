import AgentSkill

/// A condition that holds while the device's network path meets a
/// ``NetworkRequirement``: "online", "on Wi-Fi", "low data mode".
///
/// It reads the latest path a ``NetworkReachability`` reported, so checking
/// it is cheap; before the first report it is not met.
///
/// ```swift
/// let canSync: some RunCondition = .all(.onWiFi(reachability), .not(.lowDataMode(reachability)))
/// print(canSync)   // on Wi-Fi ∧ ¬low data mode
/// ```
public struct NetworkCondition: RunCondition {
  /// What the path must offer.
  package let requirement: NetworkRequirement
  /// Where the path comes from.
  package let reachability: NetworkReachability

  /// Creates a condition met while `reachability`'s path meets `requirement`.
  ///
  /// - Parameters:
  ///   - requirement: What the path must offer.
  ///   - reachability: Where the path comes from.
  public init(_ requirement: NetworkRequirement, reachability: NetworkReachability) {
    self.requirement = requirement
    self.reachability = reachability
  }

  /// Whether the latest reported path meets the requirement; `false` before any report.
  public var isMet: Bool {
    reachability.path.map(requirement.isMet(by:)) ?? false
  }

  /// The requirement's description: `online`, `on Wi-Fi` or `low data mode`.
  public var description: String { requirement.description }

  /// Suspends until the path meets the requirement; returns at once when it does.
  ///
  /// ```swift
  /// try await NetworkCondition(.online, reachability: reachability).waitUntilMet()
  /// ```
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled, the
  ///   path source ends or the reachability is released first.
  public func waitUntilMet() async throws(CancellationError) {
    try await reachability.wait(until: requirement)
  }
}

extension RunCondition where Self == NetworkCondition {
  /// A condition met while the device reaches the internet.
  ///
  /// - Parameter reachability: Where the path comes from.
  /// - Returns: The condition, described as `online`.
  public static func online(_ reachability: NetworkReachability) -> NetworkCondition {
    NetworkCondition(.online, reachability: reachability)
  }

  /// A condition met while the device reaches the internet over an
  /// inexpensive interface (Wi-Fi, Ethernet).
  ///
  /// - Parameter reachability: Where the path comes from.
  /// - Returns: The condition, described as `on Wi-Fi`.
  public static func onWiFi(_ reachability: NetworkReachability) -> NetworkCondition {
    NetworkCondition(.onWiFi, reachability: reachability)
  }

  /// A condition met while the device is online with Low Data Mode on.
  ///
  /// - Parameter reachability: Where the path comes from.
  /// - Returns: The condition, described as `low data mode`.
  public static func lowDataMode(_ reachability: NetworkReachability) -> NetworkCondition {
    NetworkCondition(.lowDataMode, reachability: reachability)
  }
}

import AgentSkill

/// What the device's network path offers right now: whether it reaches the
/// internet, whether it is expensive (cellular, a personal hotspot) and
/// whether the user turned on Low Data Mode.
///
/// ```swift
/// let path = NetworkPath(isOnline: true, isExpensive: true, isConstrained: false)
/// print(path)   // online, expensive
/// ```
public struct NetworkPath: Sendable, Hashable, CustomStringConvertible {
  /// Whether the path can reach the internet (`NWPath.Status.satisfied`).
  public var isOnline: Bool
  /// Whether the path uses an interface the system considers expensive,
  /// such as cellular or a personal hotspot.
  public var isExpensive: Bool
  /// Whether the path is constrained: the user turned on Low Data Mode.
  public var isConstrained: Bool

  /// Creates a path.
  ///
  /// - Parameters:
  ///   - isOnline: Whether the path reaches the internet.
  ///   - isExpensive: Whether it is expensive (cellular, hotspot). Defaults to `false`.
  ///   - isConstrained: Whether Low Data Mode is on. Defaults to `false`.
  public init(isOnline: Bool, isExpensive: Bool = false, isConstrained: Bool = false) {
    self.isOnline = isOnline
    self.isExpensive = isExpensive
    self.isConstrained = isConstrained
  }

  /// No route to the internet.
  public static let offline = NetworkPath(isOnline: false)
  /// Online over an inexpensive interface such as Wi-Fi or Ethernet.
  public static let wifi = NetworkPath(isOnline: true)
  /// Online over an expensive interface such as cellular.
  public static let cellular = NetworkPath(isOnline: true, isExpensive: true)

  /// `offline`, or `online` followed by `expensive` and `low data mode` when they hold.
  public var description: String {
    guard isOnline else { return "offline" }
    var parts = ["online"]
    if isExpensive { parts.append("expensive") }
    if isConstrained { parts.append("low data mode") }
    return parts.joined(separator: ", ")
  }
}

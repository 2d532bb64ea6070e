import AgentSkill

/// A property of the network path that autonomous work can wait for.
///
/// ```swift
/// NetworkRequirement.onWiFi.isMet(by: .cellular)   // false
/// print(NetworkRequirement.onWiFi)                 // on Wi-Fi
/// ```
public enum NetworkRequirement: Sendable, Hashable, CustomStringConvertible {
  /// The path reaches the internet.
  case online
  /// The path reaches the internet over an inexpensive interface — Wi-Fi
  /// or Ethernet; a personal hotspot counts as expensive.
  case onWiFi
  /// The path reaches the internet and the user turned on Low Data Mode:
  /// defer large transfers while it holds (use it negated: `.not(...)`).
  case lowDataMode

  /// Whether `path` satisfies the requirement.
  ///
  /// - Parameter path: The current path.
  /// - Returns: `true` when the requirement holds on `path`.
  public func isMet(by path: NetworkPath) -> Bool {
    switch self {
    case .online: path.isOnline
    case .onWiFi: path.isOnline && !path.isExpensive
    case .lowDataMode: path.isOnline && path.isConstrained
    }
  }

  /// `online`, `on Wi-Fi` or `low data mode`.
  public var description: String {
    switch self {
    case .online: "online"
    case .onWiFi: "on Wi-Fi"
    case .lowDataMode: "low data mode"
    }
  }
}

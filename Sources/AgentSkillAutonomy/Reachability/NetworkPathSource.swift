import AgentSkill

/// Where a ``NetworkReachability`` learns the device's network path.
///
/// On Apple platforms `SystemNetworkPathSource` reports `NWPathMonitor`'s
/// paths; elsewhere, and in tests, inject a source you control
/// (`ScriptedNetworkPath` in AgentSkillTesting):
///
/// ```swift
/// struct AlwaysOnline: NetworkPathSource {
///   func paths() -> AsyncStream<NetworkPath> {
///     AsyncStream { continuation in continuation.yield(.wifi) }
///   }
/// }
/// ```
public protocol NetworkPathSource: Sendable {
  /// A new stream of paths: the current path as soon as it is known, then
  /// every change. Terminating the stream stops the monitoring behind it.
  ///
  /// - Returns: The stream of paths.
  func paths() -> AsyncStream<NetworkPath>
}

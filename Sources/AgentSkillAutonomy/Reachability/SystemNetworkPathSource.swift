#if canImport(Network) && (os(iOS) || os(macOS) || os(tvOS) || os(watchOS) || os(visionOS))
  import AgentSkill
  import Dispatch
  import Network

  /// The device's network paths as `NWPathMonitor` reports them.
  ///
  /// ```swift
  /// func makeReachability() -> NetworkReachability {
  ///   NetworkReachability(source: SystemNetworkPathSource())
  /// }
  /// ```
  public struct SystemNetworkPathSource: NetworkPathSource {
    /// Creates the source.
    public init() {}

    /// A stream backed by a new `NWPathMonitor`, cancelled when the stream ends.
    ///
    /// - Returns: The current path, then every change.
    public func paths() -> AsyncStream<NetworkPath> {
      AsyncStream { continuation in
        let monitor = NWPathMonitor()
        monitor.pathUpdateHandler = { path in
          continuation.yield(
            NetworkPath(
              isOnline: path.status == .satisfied,
              isExpensive: path.isExpensive,
              isConstrained: path.isConstrained
            )
          )
        }
        continuation.onTermination = { _ in monitor.cancel() }
        monitor.start(queue: DispatchQueue(label: "AgentSkill.SystemNetworkPathSource"))
      }
    }
  }
#endif

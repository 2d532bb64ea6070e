import AgentSkill
import AgentSkillAutonomy

/// A network path source a test drives by hand: it reports the path you
/// ``send(_:)``, so reachability conditions flip when the test says so.
///
/// ```swift
/// let network = ScriptedNetworkPath(.wifi)
/// let reachability = NetworkReachability(source: network)
/// try await reachability.wait(until: .online)
/// network.send(.offline)
/// ```
public final class ScriptedNetworkPath: NetworkPathSource, Sendable {
  private struct State {
    var path: NetworkPath?
    var isFinished = false
    var streams: [AsyncStream<NetworkPath>.Continuation] = []
  }

  private let state: LockIsolated<State>

  /// Creates a source whose current path is `initial`.
  ///
  /// - Parameter initial: The path reported first, or `nil` to report
  ///   nothing until the first ``send(_:)``. Defaults to ``/AgentSkillAutonomy/NetworkPath/wifi``.
  public init(_ initial: NetworkPath? = .wifi) {
    state = LockIsolated(State(path: initial))
  }

  /// The path last sent, or the initial one.
  public var path: NetworkPath? { state.value.path }

  /// Reports `path` to every stream this source made.
  ///
  /// - Parameter path: The device's new network path.
  public func send(_ path: NetworkPath) {
    state.withValue { state in
      state.path = path
      for stream in state.streams { stream.yield(path) }
    }
  }

  /// Ends every stream, as when monitoring stops.
  public func finish() {
    state.withValue { state in
      state.isFinished = true
      for stream in state.streams { stream.finish() }
      state.streams.removeAll()
    }
  }

  /// A stream of the current path, then every path sent.
  ///
  /// - Returns: The paths.
  public func paths() -> AsyncStream<NetworkPath> {
    let (stream, continuation) = AsyncStream.makeStream(of: NetworkPath.self)
    state.withValue { state in
      if let path = state.path { continuation.yield(path) }
      if state.isFinished {
        continuation.finish()
      } else {
        state.streams.append(continuation)
      }
    }
    return stream
  }
}

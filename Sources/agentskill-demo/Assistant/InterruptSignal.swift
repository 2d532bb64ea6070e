import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C (SIGINT) delivered to the main actor instead of killing the
/// process, so the assistant can cancel an answer, or exit after writing
/// its `--timeline`.
@MainActor
final class InterruptSignal {
  private let source: any DispatchSourceSignal

  /// Starts catching SIGINT; `handler` runs on the main actor for each one.
  init(handler: @escaping @MainActor @Sendable () -> Void) {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
    source.setEventHandler {
      Task { @MainActor in handler() }
    }
    source.resume()
    self.source = source
  }

  /// Stops catching SIGINT.
  func cancel() {
    source.cancel()
    signal(SIGINT, SIG_DFL)
  }
}

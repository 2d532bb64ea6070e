import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C (SIGINT), and any other signals asked for, delivered to the main actor instead of killing the
/// process: the assistant cancels an answer, or exits after writing its `--timeline`; `mcp --http` stops
/// serving and exits cleanly on SIGINT or SIGTERM.
@MainActor
final class InterruptSignal {
  private let signals: [Int32]
  private let sources: [any DispatchSourceSignal]

  /// Starts catching `signals` (SIGINT by default); `handler` runs on the main actor for each one.
  init(_ signals: [Int32] = [SIGINT], handler: @escaping @MainActor @Sendable () -> Void) {
    self.signals = signals
    sources = signals.map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
      source.setEventHandler {
        // Signals that arrive before the handler runs are coalesced into one event; `data` counts them, so two
        // quick Ctrl-C on a busy machine are still two.
        let count = max(Int(source.data), 1)
        Task { @MainActor in
          for _ in 0..<count { handler() }
        }
      }
      source.resume()
      return source
    }
  }

  /// Stops catching the signals.
  func cancel() {
    for source in sources { source.cancel() }
    for number in signals { signal(number, SIG_DFL) }
  }
}

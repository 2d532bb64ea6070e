import AgentSkill
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing to a pipe whose reader has exited raises SIGPIPE, which would end
/// this process; ignored once, so the write fails with `EPIPE` instead.
let ignoreSIGPIPE: Bool = {
  #if os(Linux) || os(macOS)
    signal(SIGPIPE, SIG_IGN)
  #endif
  return true
}()

#if os(macOS) || os(Linux)
  /// A child process speaking newline-delimited JSON on stdin and stdout, with
  /// its stderr delivered as log lines. (`Process` exists on macOS and Linux
  /// only: iOS, tvOS, watchOS and visionOS apps cannot start one.)
  ///
  /// ``close()`` shuts the process down in three steps, each bounded: close its
  /// stdin; SIGTERM when it is still running after the exit grace period;
  /// SIGKILL when it is still running after the termination grace period.
  final class ProcessChannel: MessageChannel {
    let events: AsyncStream<ChannelEvent>
    private let continuation: AsyncStream<ChannelEvent>.Continuation
    private let process: Process
    private let input: FileHandle
    /// Whether stdin is closed; writes happen under this lock, one message at a time.
    private let inputClosed = LockIsolated(false)
    /// Opens when the process has exited.
    private let exited: ExitLatch
    private let exitGracePeriod: Duration
    private let terminationGracePeriod: Duration
    /// The clock the grace periods run on.
    private let clock: any Clock<Duration>

    /// Starts the process.
    ///
    /// - Parameters:
    ///   - launch: What to start, and the grace periods for closing.
    ///   - maximumLineLength: The longest line read from stdout.
    ///   - clock: The clock for the grace periods; tests pass a test clock.
    /// - Throws: A description of why it could not start.
    init(
      _ launch: MCPTransport.ProcessLaunch,
      maximumLineLength: Int = defaultMaximumLineLength,
      clock: any Clock<Duration> = ContinuousClock()
    ) throws(ChannelClosedError) {
      _ = ignoreSIGPIPE
      let process = Process()
      guard let url = Self.resolve(launch.executable) else {
        throw ChannelClosedError(reason: "no executable named \"\(launch.executable)\" was found in PATH")
      }
      process.executableURL = url
      process.arguments = launch.arguments
      if !launch.environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(launch.environment) { $1 }
      }
      if let directory = launch.currentDirectory { process.currentDirectoryURL = directory }
      let stdin = Pipe()
      let stdout = Pipe()
      let stderr = Pipe()
      process.standardInput = stdin
      process.standardOutput = stdout
      process.standardError = stderr
      (events, continuation) = AsyncStream.makeStream(of: ChannelEvent.self)
      let exited = ExitLatch()
      process.terminationHandler = { _ in exited.open() }
      self.exited = exited
      self.exitGracePeriod = launch.exitGracePeriod
      self.terminationGracePeriod = launch.terminationGracePeriod
      self.clock = clock
      if let failure = Self.start(process) {
        throw ChannelClosedError(reason: "\(url.path) could not be started: \(failure)")
      }
      self.process = process
      self.input = stdin.fileHandleForWriting
      let stderrDone = DispatchSemaphore(value: 0)
      let continuation = continuation
      let errorHandle = stderr.fileHandleForReading
      Thread.detachNewThread {
        var framer = LineFramer(maximumLineLength: 64 << 10)
        func emit(_ events: [LineFramer.Event]) {
          for case .line(let bytes) in events { continuation.yield(.log(String(decoding: bytes, as: UTF8.self))) }
        }
        while case let data = errorHandle.availableData, !data.isEmpty { emit(framer.feed(data)) }
        emit(framer.finish())
        stderrDone.signal()
      }
      let outputHandle = stdout.fileHandleForReading
      Thread.detachNewThread {
        ChannelEvent.readLines(from: outputHandle, maximumLineLength: maximumLineLength, into: continuation)
        // Give the process a moment to exit and its stderr to drain, so the reason is complete. Bounded generously:
        // on a loaded machine the exit is noticed seconds after the output closed (it usually takes milliseconds,
        // and the wait ends as soon as it is). Only a process that closes its output and lives on waits it out.
        let deadline = Date().addingTimeInterval(10)
        while !exited.isOpen, process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        _ = stderrDone.wait(timeout: .now() + 5)
        continuation.yield(.closed(reason: Self.ending(of: process) ?? "closed its standard output"))
        continuation.finish()
      }
    }

    /// Whether the process has exited.
    var hasExited: Bool { exited.isOpen }

    func send(_ line: Data) async throws(ChannelClosedError) {
      let input = input
      let failed: Bool? = inputClosed.withValue { closed in
        guard !closed else { return nil }
        do {
          try input.write(contentsOf: line)
          return false
        } catch {
          return true
        }
      }
      guard let failed else { throw ChannelClosedError(reason: "the connection is closed") }
      guard failed else { return }
      // The pipe broke: the process has exited or is exiting; say how, when it does so promptly.
      _ = await exited.wait(atMost: .seconds(1), on: clock)
      throw ChannelClosedError(reason: Self.ending(of: process) ?? "stopped reading its input")
    }

    /// Closes stdin; sends SIGTERM when the process is still running after the exit grace period, and SIGKILL
    /// when it is still running after the termination grace period. Returns once the process has exited, or
    /// at the latest one more termination grace period after SIGKILL.
    func close() async {
      let input = input
      inputClosed.withValue { closed in
        guard !closed else { return }
        closed = true
        try? input.close()
      }
      if await exited.wait(atMost: exitGracePeriod, on: clock) { return }
      process.terminate()  // SIGTERM
      if await exited.wait(atMost: terminationGracePeriod, on: clock) { return }
      if !exited.isOpen { kill(process.processIdentifier, SIGKILL) }
      _ = await exited.wait(atMost: terminationGracePeriod, on: clock)
    }

    /// Starts `process` from a thread of its own with no signal blocked, and returns why it failed, if it did.
    ///
    /// A child inherits the signal mask of the thread that starts it, and the threads running Swift tasks block
    /// most signals (SIGTERM among them): a server started from one could not be stopped with SIGTERM.
    private static func start(_ process: Process) -> String? {
      let failure = LockIsolated<String?>(nil)
      let started = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
        do {
          try process.run()
        } catch {
          failure.setValue(error.localizedDescription)
        }
        started.signal()
      }
      started.wait()
      return failure.value
    }

    /// How the process ended (`exited with status 3`, `was killed by signal 9`), or `nil` while it runs.
    private static func ending(of process: Process) -> String? {
      if process.isRunning { return nil }
      if process.terminationReason == .uncaughtSignal { return "was killed by signal \(process.terminationStatus)" }
      return "exited with status \(process.terminationStatus)"
    }

    /// The executable's URL: a path as given, a bare name looked up in `PATH`.
    private static func resolve(_ executable: String) -> URL? {
      if executable.contains("/") { return URL(fileURLWithPath: executable) }
      let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
      for directory in path.split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(executable)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      }
      return nil
    }
  }
#endif

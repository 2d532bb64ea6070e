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
  final class ProcessChannel: MessageChannel {
    let events: AsyncStream<ChannelEvent>
    private let continuation: AsyncStream<ChannelEvent>.Continuation
    private let process: Process
    private let input: FileHandle
    /// Whether stdin is closed; writes happen under this lock, one message at a time.
    private let inputClosed = LockIsolated(false)

    /// Starts the process.
    ///
    /// - Throws: A description of why it could not start.
    init(_ launch: MCPTransport.ProcessLaunch, maximumLineLength: Int = defaultMaximumLineLength)
      throws(ChannelClosedError)
    {
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
      do {
        try process.run()
      } catch {
        throw ChannelClosedError(reason: "\(url.path) could not be started: \(error.localizedDescription)")
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
        // Give the process a moment to exit and its stderr to drain, so the reason is complete.
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        _ = stderrDone.wait(timeout: .now() + 1)
        let reason: String
        if process.isRunning {
          reason = "closed its standard output"
        } else if process.terminationReason == .uncaughtSignal {
          reason = "was killed by signal \(process.terminationStatus)"
        } else {
          reason = "exited with status \(process.terminationStatus)"
        }
        continuation.yield(.closed(reason: reason))
        continuation.finish()
      }
    }

    func send(_ line: Data) async throws(ChannelClosedError) {
      let input = input
      let failure: ChannelClosedError? = inputClosed.withValue { closed in
        guard !closed else { return ChannelClosedError(reason: "the connection is closed") }
        do {
          try input.write(contentsOf: line)
          return nil
        } catch {
          return ChannelClosedError(reason: "the process no longer reads its input (\(error.localizedDescription))")
        }
      }
      if let failure { throw failure }
    }

    /// Closes stdin, waits up to two seconds for the process to exit, then terminates it.
    func close() async {
      let input = input
      inputClosed.withValue { closed in
        guard !closed else { return }
        closed = true
        try? input.close()
      }
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: .seconds(2))
      while process.isRunning, clock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
      if process.isRunning { process.terminate() }
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

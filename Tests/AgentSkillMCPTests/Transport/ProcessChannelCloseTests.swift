#if os(macOS) || os(Linux)
  import AgentSkill
  import AgentSkillTesting
  import Foundation
  import Testing

  @testable import AgentSkillMCP

  /// Closing a stdio server: stdin closed, then SIGTERM after the exit grace period, then SIGKILL after the
  /// termination grace period. The grace periods run on a test clock, so each step happens when the test advances
  /// it; the only real-time waits are for a child to start and to die, bounded by the suite's limit.
  @Suite("Closing a server process: stdin, SIGTERM, SIGKILL", .timeLimit(.minutes(2)))
  struct ProcessChannelCloseTests {
    /// A channel to `sh -c script`, with the given grace periods on `clock`.
    private func start(
      _ script: String, clock: TestClock, exitGrace: Duration = .seconds(2), terminationGrace: Duration = .seconds(2)
    ) throws -> ProcessChannel {
      let transport = MCPTransport.process(
        executable: "/bin/sh", arguments: ["-c", script], exitGracePeriod: exitGrace,
        terminationGracePeriod: terminationGrace)
      guard case .process(let launch) = transport.kind else { throw ChannelClosedError(reason: "not a process") }
      return try ProcessChannel(launch, clock: clock)
    }

    /// Reads events until the child logs `ready`.
    private func waitUntilReady(_ events: inout AsyncStream<ChannelEvent>.Iterator) async {
      while let event = await events.next() {
        if event == .log("ready") { return }
      }
      Issue.record("the child ended before it was ready")
    }

    /// How the channel said the child ended.
    private func closedReason(_ events: inout AsyncStream<ChannelEvent>.Iterator) async -> String? {
      while let event = await events.next() {
        if case .closed(let reason) = event { return reason }
      }
      return nil
    }

    @Test("a child that exits when its stdin closes gets no signal, and close returns")
    func exitsOnEndOfInput() async throws {
      let clock = TestClock()
      let channel = try start("echo ready >&2; cat > /dev/null; exit 7", clock: clock)
      var events = channel.events.makeAsyncIterator()
      await waitUntilReady(&events)
      await channel.close()
      #expect(channel.hasExited)
      #expect(clock.now == TestClock.Instant())
      #expect(await closedReason(&events) == "exited with status 7")
    }

    @Test("a child that ignores the end of its input gets SIGTERM when the exit grace period has passed")
    func terminatedAfterExitGrace() async throws {
      let clock = TestClock()
      let channel = try start("echo ready >&2; exec sleep 600", clock: clock, exitGrace: .seconds(5))
      var events = channel.events.makeAsyncIterator()
      await waitUntilReady(&events)
      let closing = Task { await channel.close() }
      await clock.waitForSleepers(1)
      #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .seconds(5))])
      #expect(!channel.hasExited)
      await clock.advance(by: .seconds(5))
      await closing.value
      #expect(channel.hasExited)
      #expect(await closedReason(&events) == "was killed by signal \(SIGTERM)")
    }

    @Test("a child that ignores SIGTERM gets SIGKILL when the termination grace period has passed")
    func killedAfterTerminationGrace() async throws {
      let clock = TestClock()
      let channel = try start(
        "trap '' TERM; echo ready >&2; exec sleep 600", clock: clock, exitGrace: .seconds(2),
        terminationGrace: .seconds(3))
      var events = channel.events.makeAsyncIterator()
      await waitUntilReady(&events)
      let closing = Task { await channel.close() }
      await clock.waitForSleepers(1)
      #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .seconds(2))])
      await clock.advance(by: .seconds(2))
      // SIGTERM was sent and ignored: close now waits out the termination grace period.
      await clock.waitForSleepers(1)
      #expect(clock.pendingDeadlines == [TestClock.Instant(offset: .seconds(5))])
      #expect(!channel.hasExited)
      await clock.advance(by: .seconds(3))
      await closing.value
      #expect(channel.hasExited)
      #expect(await closedReason(&events) == "was killed by signal \(SIGKILL)")
    }

    @Test("with the real clock, close never hangs: a child ignoring its input and SIGTERM is killed in time")
    func neverHangs() async throws {
      let transport = MCPTransport.process(
        executable: "/bin/sh", arguments: ["-c", "trap '' TERM; echo ready >&2; exec sleep 600"],
        exitGracePeriod: .milliseconds(100), terminationGracePeriod: .milliseconds(100))
      guard case .process(let launch) = transport.kind else { return }
      let channel = try ProcessChannel(launch)
      var events = channel.events.makeAsyncIterator()
      await waitUntilReady(&events)
      let clock = ContinuousClock()
      let started = clock.now
      await channel.close()
      // 0.3 s at most (two grace periods, and one more after SIGKILL); the bound is generous for a loaded machine.
      #expect(clock.now - started < .seconds(30))
      // On a loaded machine the exit may be reported after close has given up waiting for it.
      await eventually("the child has exited") { channel.hasExited }
      #expect(await closedReason(&events) == "was killed by signal \(SIGKILL)")
    }

    @Test("the grace periods default to two seconds each")
    func defaults() throws {
      guard case .process(let launch) = MCPTransport.process(executable: "server").kind else { return }
      #expect(launch.exitGracePeriod == .seconds(2))
      #expect(launch.terminationGracePeriod == .seconds(2))
    }
  }
#endif

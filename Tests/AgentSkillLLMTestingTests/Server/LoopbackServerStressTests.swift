import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

/// Starts and stops servers with live connections many times over.
///
/// Every round races `stop()` against the things that wake a connection
/// thread or end it: a client that goes away, a checkpoint released on
/// another thread, pause timers cancelled by the stop. A wake written to a
/// descriptor a finished connection thread had already closed raised SIGPIPE
/// and killed the test process, or landed in whatever socket the next round
/// opened under the same number; the probe request that opens each round
/// would then arrive corrupted.
@Suite("LoopbackServer stop under load", .timeLimit(.minutes(5)))
struct LoopbackServerStressTests {
  @Test func stopsWithLiveConnectionsManyTimes() async throws {
    // Two servers at a time, so one's descriptors are reused by the other's.
    for round in stride(from: 0, to: 200, by: 2) {
      async let first: Void = stopWithLiveConnections(round: round)
      async let second: Void = stopWithLiveConnections(round: round + 1)
      _ = try await (first, second)
    }
  }

  private func stopWithLiveConnections(round: Int) async throws {
    let clock = TestClock()
    let server = try LoopbackServer(clock: clock)
    let gate = Checkpoint()
    server.respond { request in
      switch request.path {
      case "/sleep": .eventStream(steps: [.text("a"), .sleep(.seconds(5)), .text("b")])
      case "/wait": .eventStream(steps: [.text("a"), .wait(gate), .text("b")])
      default: .text("ok \(request.path)")
      }
    }
    // A keep-alive request that then leaves its connection idle on the server.
    let probe = try RawConnection(port: server.port)
    probe.send("GET /probe-\(round) HTTP/1.1\r\nHost: x\r\n\r\n")
    let probed = await probe.read(untilContains: "ok /probe-\(round)")
    #expect(probed.hasPrefix("HTTP/1.1 200 OK\r\n"), "round \(round): the probe request arrived corrupted")

    let sleeping = try (0..<4).map { _ in try RawConnection(port: server.port) }
    let waiting = try (0..<4).map { _ in try RawConnection(port: server.port) }
    let leaving = try (0..<2).map { _ in try RawConnection(port: server.port) }
    for connection in sleeping { connection.send("GET /sleep HTTP/1.1\r\nHost: x\r\n\r\n") }
    for connection in waiting + leaving { connection.send("GET /wait HTTP/1.1\r\nHost: x\r\n\r\n") }
    await clock.waitForSleepers(4)
    await gate.waitForArrival(6)
    #expect(server.openConnections == 11)

    for connection in leaving { connection.closeNow() }
    let release = Task.detached { gate.release() }
    server.stop()
    await release.value

    #expect(server.openConnections == 0)
    #expect(server.requests.count == 11)
    #expect(server.requests.allSatisfy { $0.method == "GET" && $0.version == "HTTP/1.1" })
    #expect(server.requests.first?.path == "/probe-\(round)")
    // Every client sees its connection end.
    for connection in [probe] + sleeping + waiting {
      let rest = await connection.readToEnd()
      #expect(!rest.contains("HTTP/1.1 4") && !rest.contains("HTTP/1.1 5"))
    }
  }
}

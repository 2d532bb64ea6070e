import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// CPU spent while a streamed response stalls: the transport's default path
/// (on Linux, plain `http://` to a local server goes over the library's own
/// socket client) against `URLSession` alone, whose FoundationNetworking event
/// loop spins on Linux. Process CPU time (user + system) over the stall.
struct TransportStallBench: BenchSuite {
  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult] {
    let name = "transport.stall_cpu"
    guard selected(name, filter) else { return [] }
    let stall: Duration = scale == .quick ? .seconds(1) : .seconds(10)
    do {
      let subject = try await cpuDuringStall(of: stall, transport: URLSessionTransport())
      let baseline = try await cpuDuringStall(
        of: stall,
        transport: URLSessionTransport(
          configuration: URLSessionTransport.defaultConfiguration(), socketsForLocalHTTP: false))
      let perTenSeconds = subject * 10 / Double(stall.components.seconds)
      return [
        BenchResult(
          name: name, iterations: 1,
          fields: [
            ("stall_seconds", .number(Double(stall.components.seconds))), ("cpu_seconds", .number(subject)),
            ("baseline_cpu_seconds", .number(baseline)), ("target", .text("<= 0.5 CPU-s per 10 s stall")),
            ("meets_target", .bool(perTenSeconds <= 0.5)),
          ])
      ]
    } catch {
      return [BenchResult(name: name, iterations: 0, fields: [("error", .text("\(error)"))])]
    }
  }

  /// Process CPU seconds while a response's body waits `stall` for its next bytes.
  private func cpuDuringStall(of stall: Duration, transport: URLSessionTransport) async throws -> Double {
    let server = try LoopbackServer()
    defer { server.stop() }
    let held = Checkpoint()
    server.enqueue(.eventStream(steps: [.text("data: first\n\n"), .wait(held), .text("data: last\n\n")]))
    let response = try await transport.send(TransportRequest(method: "GET", url: server.url("/stream")))
    var iterator = response.body.makeAsyncIterator()
    _ = try await iterator.next()
    let before = Self.processCPUSeconds()
    try await Task.sleep(for: stall)
    let spent = Self.processCPUSeconds() - before
    held.release()
    while try await iterator.next() != nil {}
    return spent
  }

  private static func processCPUSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
      _ = getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      _ = getrusage(RUSAGE_SELF, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
  }
}

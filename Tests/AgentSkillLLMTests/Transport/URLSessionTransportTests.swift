import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

@Suite("URLSessionTransport", .timeLimit(.minutes(5)))
struct URLSessionTransportTests {
  private let transport = URLSessionTransport()

  @Test func deliversBodyChunksAsTheyArrive() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let firstSent = Checkpoint()
    server.enqueue(.eventStream(steps: [.text("first"), .wait(firstSent), .text("second")]))
    let response = try await transport.send(TransportRequest(method: "GET", url: server.url("/stream")))
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "text/event-stream")
    var iterator = response.body.makeAsyncIterator()
    // The first chunk arrives while the server still holds the second one back.
    let first = try await iterator.next()
    #expect(first == Data("first".utf8))
    #expect(!firstSent.isReleased)
    firstSent.release()
    var rest = Data()
    while let chunk = try await iterator.next() { rest.append(chunk) }
    #expect(rest == Data("second".utf8))
  }

  @Test func sendsMethodHeadersAndBody() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(["ok": true], status: 202, headers: ["X-Reply": "1"]))
    let response = try await transport.send(
      TransportRequest(
        url: server.url("/v1/echo"), headers: ["Content-Type": "application/json", "X-Trace": "abc"],
        body: Data(#"{"a":1}"#.utf8)))
    #expect(response.status == 202)
    #expect(response.headers["x-reply"] == "1")
    #expect(try await response.collectBody(limit: 100) == Data(#"{"ok":true}"#.utf8))
    let request = try #require(server.requests.first)
    #expect(request.method == "POST")
    #expect(request.path == "/v1/echo")
    #expect(request.headers["x-trace"] == "abc")
    #expect(request.bodyText == #"{"a":1}"#)
  }

  @Test func errorStatusesAreResponsesNotErrors() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(["error": ["message": "nope"]], status: 404))
    let response = try await transport.send(TransportRequest(url: server.url("/missing")))
    #expect(response.status == 404)
    #expect(!response.isSuccess)
  }

  @Test func cancellingTheConsumerClosesTheConnection() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let never = Checkpoint()
    server.enqueue(.eventStream(steps: [.text("data: 1\n\n"), .wait(never), .text("data: 2\n\n")]))
    let gotFirstChunk = Checkpoint()
    let transport = transport
    let url = server.url("/stream")
    let consumer = Task {
      let response = try await transport.send(TransportRequest(url: url))
      for try await _ in response.body {
        gotFirstChunk.markArrival()
      }
    }
    await gotFirstChunk.waitForArrival()
    consumer.cancel()
    await server.waitForClientDisconnect()
    #expect(server.clientDisconnects == 1)
    #expect(!never.isReleased)
    _ = await consumer.result
  }

  @Test func cancellingBeforeTheHeadArrivesClosesTheConnection() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let never = Checkpoint()
    server.enqueue(.json(["late": true]).delayed(by: [.wait(never)]))
    let transport = transport
    let url = server.url("/slow")
    let consumer = Task { try await transport.send(TransportRequest(url: url)) }
    await never.waitForArrival()
    consumer.cancel()
    await server.waitForClientDisconnect()
    let result = await consumer.result
    #expect(throws: CancellationError.self) { try result.get() }
  }

  @Test func droppingTheBodyClosesTheConnection() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let never = Checkpoint()
    server.enqueue(.eventStream(steps: [.text("x"), .wait(never)]))
    do {
      let response = try await transport.send(TransportRequest(url: server.url("/stream")))
      #expect(response.status == 200)
    }
    await server.waitForClientDisconnect()
    #expect(server.clientDisconnects == 1)
  }

  @Test func aServerThatIsNotRunningIsNamedByItsAddress() async throws {
    let closed = try ClosedPort()  // held: a stopped server's port could be handed to another test's server
    defer { closed.release() }
    let error = await caughtError { _ = try await transport.send(TransportRequest(url: closed.url("/gone"))) }
    #expect(error as? LanguageModelError == .serverNotRunning(address: "http://127.0.0.1:\(closed.port)"))
  }

  @Test func disconnectMidBodyFailsTheBody() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.eventStream(steps: [.text("partial"), .disconnect]))
    let response = try await transport.send(TransportRequest(url: server.url("/stream")))
    let error = await caughtError { _ = try await response.collectBody(limit: 1000) }
    guard case LanguageModelError.connectionFailed? = error else {
      Issue.record("expected connectionFailed, got \(String(describing: error))")
      return
    }
  }

  @Test func collectBodyEnforcesTheLimit() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.text(String(repeating: "x", count: 5000)))
    let response = try await transport.send(TransportRequest(url: server.url("/big")))
    let error = await caughtError { _ = try await response.collectBody(limit: 1000) }
    guard case LanguageModelError.malformedResponse(let reason, _)? = error else {
      Issue.record("expected malformedResponse, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("1000"))
  }

  @Test func manySequentialRequestsReuseTheServer() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.respond { request in .text(request.path) }
    for number in 0..<25 {
      let response = try await transport.send(TransportRequest(method: "GET", url: server.url("/n\(number)")))
      #expect(String(decoding: try await response.collectBody(limit: 100), as: UTF8.self) == "/n\(number)")
    }
    #expect(server.requests.count == 25)
  }
}

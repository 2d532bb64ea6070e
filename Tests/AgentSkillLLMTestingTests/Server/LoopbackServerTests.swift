import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("LoopbackServer")
struct LoopbackServerTests {
  @Test func servesJSONAndRecordsTheRequest() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.json(["ok": true], headers: ["X-Request-Id": "42"]))
    let connection = try RawConnection(port: server.port)
    connection.send(
      "POST /v1/chat/completions?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer k\r\nContent-Length: 9\r\nConnection: close\r\n\r\n{\"a\": 1}\n"
    )
    let response = await connection.readToEnd()
    #expect(response.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(response.contains("Content-Type: application/json\r\n"))
    #expect(response.contains("X-Request-Id: 42\r\n"))
    #expect(response.contains("Content-Length: 11\r\n"))
    #expect(response.hasSuffix("\r\n\r\n{\"ok\":true}"))
    let request = try #require(server.requests.first)
    #expect(request.method == "POST")
    #expect(request.target == "/v1/chat/completions?x=1")
    #expect(request.path == "/v1/chat/completions")
    #expect(request.headers["authorization"] == "Bearer k")
    #expect(try request.jsonBody() == ["a": 1])
  }

  @Test func worksWithURLSession() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.text("hello", status: 201, headers: ["X-Test": "yes"]))
    let response = try await URLSessionTransport().send(
      TransportRequest(
        method: "PUT", url: server.url("/greeting"), headers: ["X-Custom": "value"], body: Data("body".utf8))
    )
    #expect(response.status == 201)
    #expect(response.headers["x-test"] == "yes")
    #expect(try await response.collectBody(limit: 1000) == Data("hello".utf8))
    #expect(server.requests.first?.method == "PUT")
    #expect(server.requests.first?.headers["X-Custom"] == "value")
    #expect(server.requests.first?.bodyText == "body")
  }

  @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.text("one"), .text("two"), .text("three", headers: ["X": "3"]))
    let connection = try RawConnection(port: server.port)
    connection.send("GET /1 HTTP/1.1\r\nHost: x\r\n\r\n")
    _ = await connection.read(untilContains: "one")
    // Two pipelined requests in one write.
    connection.send("GET /2 HTTP/1.1\r\nHost: x\r\n\r\nGET /3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    let all = await connection.readToEnd()
    #expect(all.contains("one"))
    #expect(all.contains("two"))
    #expect(all.hasSuffix("three"))
    #expect(all.contains("Connection: close"))
    #expect(server.requests.map(\.path) == ["/1", "/2", "/3"])
    #expect(Set(server.requests.map(\.connectionIndex)).count == 1)
    #expect(server.acceptedConnections == 1)
  }

  @Test func handlesManySequentialConnections() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.respond { request in .text("echo \(request.path)") }
    for number in 0..<60 {
      let connection = try RawConnection(port: server.port)
      connection.send("GET /\(number) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      let response = await connection.readToEnd()
      #expect(response.hasSuffix("echo /\(number)"))
    }
    #expect(server.acceptedConnections == 60)
    #expect(server.requests.count == 60)
  }

  @Test func chunkedEventStreamKeepsTheScriptedSplits() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.eventStream("data: abc\n\n", chunkSize: 4))
    let connection = try RawConnection(port: server.port)
    connection.send("GET /events HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    let response = await connection.readToEnd()
    #expect(response.contains("Content-Type: text/event-stream\r\n"))
    #expect(response.contains("Transfer-Encoding: chunked\r\n"))
    #expect(!response.contains("Content-Length"))
    #expect(response.hasSuffix("\r\n\r\n4\r\ndata\r\n4\r\n: ab\r\n3\r\nc\n\n\r\n0\r\n\r\n"))
  }

  @Test func sleepStepsWaitForTheServerClock() async throws {
    let clock = TestClock()
    let server = try LoopbackServer(clock: clock)
    defer { server.stop() }
    server.enqueue(.eventStream(steps: [.text("first"), .sleep(.seconds(5)), .text("second")]))
    let connection = try RawConnection(port: server.port)
    connection.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    let first = await connection.read(untilContains: "first")
    #expect(!first.contains("second"))
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(4))
    #expect(clock.hasSleepers)
    await clock.advance(by: .seconds(1))
    let all = await connection.readToEnd()
    #expect(all.hasSuffix("6\r\nsecond\r\n0\r\n\r\n"))
  }

  @Test func checkpointStepsWaitForRelease() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let checkpoint = Checkpoint()
    server.enqueue(.eventStream(steps: [.text("before"), .wait(checkpoint), .text("after")]))
    let connection = try RawConnection(port: server.port)
    connection.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    await checkpoint.waitForArrival()
    let before = await connection.read(untilContains: "before")
    #expect(!before.contains("after"))
    checkpoint.release()
    let all = await connection.readToEnd()
    #expect(all.contains("after"))
    #expect(all.hasSuffix("0\r\n\r\n"))
  }

  @Test func disconnectStepClosesMidBody() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.eventStream(steps: [.text("partial"), .disconnect, .text("never")]))
    let connection = try RawConnection(port: server.port)
    connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    let response = await connection.readToEnd()
    #expect(response.hasSuffix("7\r\npartial\r\n"))
    #expect(!response.contains("never"))
    #expect(server.clientDisconnects == 0)
  }

  @Test func shortContentLengthBodyThenDisconnect() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(ScriptedHTTPResponse(body: .raw(contentLength: 100, [.text("only this"), .disconnect])))
    let connection = try RawConnection(port: server.port)
    connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    let response = await connection.readToEnd()
    #expect(response.contains("Content-Length: 100\r\n"))
    #expect(response.hasSuffix("\r\n\r\nonly this"))
  }

  @Test func rawBodyWithoutLengthClosesTheConnection() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(ScriptedHTTPResponse(body: .raw(contentLength: nil, [.text("until close")])))
    let connection = try RawConnection(port: server.port)
    connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    let response = await connection.readToEnd()
    #expect(response.contains("Connection: close\r\n"))
    #expect(response.hasSuffix("until close"))
  }

  @Test func noticesAClientThatGoesAwayMidResponse() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let never = Checkpoint()
    server.enqueue(.eventStream(steps: [.text("data: 1\n\n"), .wait(never), .text("data: 2\n\n")]))
    let connection = try RawConnection(port: server.port)
    connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    _ = await connection.read(untilContains: "data: 1")
    #expect(server.clientDisconnects == 0)
    connection.closeNow()
    await server.waitForClientDisconnect()
    #expect(server.clientDisconnects == 1)
    #expect(!never.isReleased)
  }

  @Test func answers100ContinueBeforeReadingTheBody() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.text("done"))
    let connection = try RawConnection(port: server.port)
    connection.send(
      "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4\r\nConnection: close\r\n\r\n")
    let interim = await connection.read(untilContains: "\r\n\r\n")
    #expect(interim == "HTTP/1.1 100 Continue\r\n\r\n")
    connection.send("body")
    let response = await connection.readToEnd()
    #expect(response.hasSuffix("done"))
    #expect(server.requests.first?.bodyText == "body")
  }

  @Test func decodesChunkedRequestBodies() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.text("ok"))
    let connection = try RawConnection(port: server.port)
    connection.send(
      "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: x\r\n\r\n"
    )
    _ = await connection.readToEnd()
    #expect(server.requests.first?.bodyText == "hello world")
  }

  @Test func unscriptedRequestsGetA501ThatSaysWhy() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let connection = try RawConnection(port: server.port)
    connection.send("GET /missing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    let response = await connection.readToEnd()
    #expect(response.hasPrefix("HTTP/1.1 501 Not Implemented"))
    #expect(response.contains("no scripted response for GET /missing"))
  }

  @Test(arguments: [
    "garbage\r\n\r\n",
    "GET / HTTP/1.1\r\nbad header line\r\n\r\n",
    "GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
    "GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
    "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    "GET / HTTP/2.0\r\n\r\n",
    "GET / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n",
    "\u{0}\u{1}\u{2} \u{3} \u{4}\r\n\r\n",
  ])
  func rejectsMalformedRequestsAndKeepsServing(_ input: String) async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.enqueue(.text("fine"))
    let bad = try RawConnection(port: server.port)
    bad.send(input)
    let rejection = await bad.readToEnd()
    #expect(rejection.hasPrefix("HTTP/1.1 4") || rejection.hasPrefix("HTTP/1.1 5"))
    #expect(rejection.contains("Connection: close"))
    #expect(server.requests.isEmpty)
    let good = try RawConnection(port: server.port)
    good.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(await good.readToEnd().hasSuffix("fine"))
  }

  @Test func rejectsAnOversizedHead() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let connection = try RawConnection(port: server.port)
    connection.send("GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 70_000) + "\r\n\r\n")
    let response = await connection.readToEnd()
    #expect(response.hasPrefix("HTTP/1.1 431"))
  }

  @Test func clientClosingBeforeSendingAnythingIsHarmless() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let silent = try RawConnection(port: server.port)
    silent.closeNow()
    let partial = try RawConnection(port: server.port)
    partial.send("POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc")
    partial.closeNow()
    server.enqueue(.text("still here"))
    let good = try RawConnection(port: server.port)
    good.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(await good.readToEnd().hasSuffix("still here"))
    #expect(server.requests.count == 1)
  }

  @Test func stopEndsPausedResponsesAndClosesConnections() async throws {
    let server = try LoopbackServer()
    let never = Checkpoint()
    server.enqueue(.eventStream(steps: [.text("start"), .wait(never)]))
    let connection = try RawConnection(port: server.port)
    connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    await never.waitForArrival()
    #expect(server.openConnections == 1)
    server.stop()
    #expect(server.openConnections == 0)
    let response = await connection.readToEnd()
    #expect(response.contains("start"))
    #expect(!response.hasSuffix("0\r\n\r\n"))
    server.stop()
    await server.waitForRequests(5)  // returns at once after stop
  }

  @Test func waitForRequestsResumesWhenTheyArrive() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.respond { _ in .text("x") }
    async let waited: Void = server.waitForRequests(2)
    for _ in 0..<2 {
      let connection = try RawConnection(port: server.port)
      connection.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      _ = await connection.readToEnd()
    }
    await waited
    #expect(server.requests.count == 2)
  }
}

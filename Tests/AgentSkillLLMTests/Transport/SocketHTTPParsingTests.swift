import Foundation
import Testing

@testable import AgentSkillLLM

@Suite("Plain HTTP over sockets: response heads and chunked bodies", .timeLimit(.minutes(1)))
struct SocketHTTPParsingTests {
  @Test("a head is parsed from its bytes in any split, with its headers and where the body starts")
  func heads() throws {
    let text =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nX-Reply: 1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n"
    let bytes = [UInt8](text.utf8)
    #expect(try HTTPResponseHead.parse(Array(bytes.prefix(20))) == nil)
    let parsed = try #require(try HTTPResponseHead.parse(bytes))
    #expect(parsed.head.status == 200)
    #expect(parsed.head.headers["content-type"] == "text/event-stream")
    #expect(parsed.head.headers["x-reply"] == "1")
    #expect(parsed.head.framing == .chunked)
    #expect(Array(bytes[parsed.bodyStart...]) == Array("5\r\n".utf8))
  }

  @Test("a chunked body decodes the same whether its bytes arrive at once or one by one")
  func chunkedInAnySplit() throws {
    let wire = [UInt8](
      "4;name=x\r\nWiki\r\n5\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nTrailer: yes\r\n\r\nleftover".utf8)
    var whole = ChunkedDecoder()
    #expect(try whole.feed(wire) == Array("Wikipedia in\r\n\r\nchunks.".utf8))
    #expect(whole.isDone)
    var bytewise = ChunkedDecoder()
    var decoded: [UInt8] = []
    for byte in wire { decoded += try bytewise.feed([byte]) }
    #expect(decoded == Array("Wikipedia in\r\n\r\nchunks.".utf8))
    #expect(bytewise.isDone)
  }

  @Test("a chunk size that is not hexadecimal, or a chunk without its CRLF, is malformed")
  func malformedChunks() {
    var size = ChunkedDecoder()
    #expect(throws: ChunkedDecoder.Malformed.self) { try size.feed(Array("zz\r\n".utf8)) }
    var end = ChunkedDecoder()
    #expect(throws: ChunkedDecoder.Malformed.self) { try end.feed(Array("2\r\nabX\r\n".utf8)) }
  }

  @Test("only plain http to localhost or an IPv4 address goes over the socket client")
  func targets() throws {
    #expect(SocketExchange.Target(try #require(URL(string: "http://127.0.0.1:11434/v1")))?.port == 11434)
    #expect(SocketExchange.Target(try #require(URL(string: "http://localhost/v1")))?.octets == [127, 0, 0, 1])
    #expect(SocketExchange.Target(try #require(URL(string: "https://127.0.0.1/v1"))) == nil)
    #expect(SocketExchange.Target(try #require(URL(string: "http://gpu-box:8000/v1"))) == nil)
    #expect(SocketExchange.Target(try #require(URL(string: "http://[::1]:8000/v1"))) == nil)
    #expect(SocketExchange.Target(try #require(URL(string: "http://1.2.3.256/v1"))) == nil)
  }
}

import AgentSkillLLM
import Foundation

/// Parses HTTP/1.x requests out of the bytes a connection has received so far.
enum HTTPRequestParser {
  static let maximumHeadBytes = 64 * 1024
  static let maximumBodyBytes = 64 * 1024 * 1024

  enum Framing: Equatable {
    case none
    case length(Int)
    case chunked
  }

  struct Head {
    var method: String
    var target: String
    var version: String
    var headers: HTTPHeaderFields
    var framing: Framing
    var keepAlive: Bool
    var expectsContinue: Bool
  }

  enum HeadOutcome {
    case incomplete
    case invalid(status: Int, reason: String)
    case complete(Head, length: Int)
  }

  enum BodyOutcome {
    case incomplete
    case invalid(status: Int, reason: String)
    case complete(Data, end: Int)
  }

  /// Parses the request line and headers when the blank line ending them has arrived.
  static func parseHead(_ buffer: [UInt8]) -> HeadOutcome {
    guard let (headEnd, length) = findHeadEnd(buffer) else {
      return buffer.count > maximumHeadBytes
        ? .invalid(status: 431, reason: "request head larger than \(maximumHeadBytes) bytes") : .incomplete
    }
    guard headEnd <= maximumHeadBytes else {
      return .invalid(status: 431, reason: "request head larger than \(maximumHeadBytes) bytes")
    }
    var lines = buffer[..<headEnd].split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      line.last == 0x0D ? line.dropLast() : line
    }
    // Tolerate empty lines before the request line (RFC 9112 §2.2).
    while let first = lines.first, first.isEmpty { lines.removeFirst() }
    guard let requestLine = lines.first else { return .invalid(status: 400, reason: "empty request") }
    let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
      parts[0].allSatisfy(isTokenByte)
    else {
      return .invalid(status: 400, reason: "malformed request line")
    }
    let version = String(decoding: parts[2], as: UTF8.self)
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      return .invalid(status: 505, reason: "unsupported HTTP version")
    }
    var headers = HTTPHeaderFields()
    for line in lines.dropFirst() where !line.isEmpty {
      guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex,
        line[line.startIndex..<colon].allSatisfy(isTokenByte)
      else {
        return .invalid(status: 400, reason: "malformed header line")
      }
      let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
      let value = String(decoding: trimmingSpaces(line[(colon + 1)...]), as: UTF8.self)
      headers.append(name: name, value: value)
    }
    let connection = (headers["connection"] ?? "").lowercased()
    let keepAlive = version == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
    let framing: Framing
    if let transferEncoding = headers["transfer-encoding"]?.lowercased() {
      guard transferEncoding.split(separator: ",").last?.trimmingCharacters(in: .whitespaces) == "chunked" else {
        return .invalid(status: 501, reason: "unsupported transfer encoding")
      }
      framing = .chunked
    } else {
      let lengths = headers.filter { $0.name.lowercased() == "content-length" }.map(\.value)
      if let first = lengths.first {
        guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
          let length = Int(first)
        else {
          return .invalid(status: 400, reason: "invalid Content-Length")
        }
        guard length <= maximumBodyBytes else { return .invalid(status: 413, reason: "body too large") }
        framing = length == 0 ? .none : .length(length)
      } else {
        framing = .none
      }
    }
    let expectsContinue = headers["expect"]?.lowercased() == "100-continue"
    let head = Head(
      method: String(decoding: parts[0], as: UTF8.self),
      target: String(decoding: parts[1], as: UTF8.self),
      version: version,
      headers: headers,
      framing: framing,
      keepAlive: keepAlive,
      expectsContinue: expectsContinue
    )
    return .complete(head, length: headEnd + length)
  }

  /// Parses the body that starts at `start`.
  static func parseBody(_ buffer: [UInt8], from start: Int, framing: Framing) -> BodyOutcome {
    switch framing {
    case .none:
      return .complete(Data(), end: start)
    case .length(let length):
      guard buffer.count - start >= length else { return .incomplete }
      return .complete(Data(buffer[start..<(start + length)]), end: start + length)
    case .chunked:
      return parseChunked(buffer, from: start)
    }
  }

  private static func parseChunked(_ buffer: [UInt8], from start: Int) -> BodyOutcome {
    var body = Data()
    var index = start
    while true {
      guard let lineEnd = buffer[index...].firstIndex(of: 0x0A) else {
        return buffer.count - index > 1024 ? .invalid(status: 400, reason: "chunk size line too long") : .incomplete
      }
      var sizeLine = buffer[index..<lineEnd]
      if sizeLine.last == 0x0D { sizeLine = sizeLine.dropLast() }
      if let semicolon = sizeLine.firstIndex(of: 0x3B) { sizeLine = sizeLine[..<semicolon] }
      let sizeText = String(decoding: trimmingSpaces(sizeLine), as: UTF8.self)
      guard !sizeText.isEmpty, sizeText.count <= 8, let size = Int(sizeText, radix: 16), size >= 0 else {
        return .invalid(status: 400, reason: "invalid chunk size")
      }
      index = lineEnd + 1
      if size == 0 {
        // Trailer fields, then an empty line.
        while true {
          guard let trailerEnd = buffer[index...].firstIndex(of: 0x0A) else { return .incomplete }
          let isEmpty = trailerEnd == index || (trailerEnd == index + 1 && buffer[index] == 0x0D)
          index = trailerEnd + 1
          if isEmpty { return .complete(body, end: index) }
        }
      }
      guard body.count + size <= maximumBodyBytes else { return .invalid(status: 413, reason: "body too large") }
      guard buffer.count - index >= size + 2 else { return .incomplete }
      body.append(contentsOf: buffer[index..<(index + size)])
      index += size
      guard buffer[index] == 0x0D, buffer[index + 1] == 0x0A else {
        return .invalid(status: 400, reason: "chunk not followed by CRLF")
      }
      index += 2
    }
  }

  /// The offset of the blank line ending the head and that line's length (CRLF or LF).
  private static func findHeadEnd(_ buffer: [UInt8]) -> (Int, Int)? {
    var index = 0
    var leading = true
    while index < buffer.count {
      if buffer[index] == 0x0A {
        // Skip blank lines before the request line.
        if leading {
          index += 1
          continue
        }
        if index + 1 < buffer.count, buffer[index + 1] == 0x0A { return (index + 1, 1) }
        if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A { return (index + 1, 2) }
      } else if buffer[index] != 0x0D {
        leading = false
      }
      index += 1
    }
    return nil
  }

  /// `bytes` without leading and trailing spaces and tabs (HTTP's optional
  /// whitespace around header values and chunk sizes).
  private static func trimmingSpaces<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
    else { return bytes[bytes.endIndex...] }
    return bytes[first...last]
  }

  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
      UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
      true
    default: false
    }
  }
}

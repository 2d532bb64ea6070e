import Foundation

/// The status and headers of an HTTP/1.1 response, parsed from the bytes
/// before its body.
struct HTTPResponseHead: Equatable {
  /// The largest head accepted.
  static let maximumSize = 64 << 10

  let status: Int
  let headers: HTTPHeaderFields

  /// How the body is framed.
  enum Framing: Equatable {
    case chunked
    case length(Int)
    case untilClose
  }

  /// The body's framing, from `Transfer-Encoding` and `Content-Length`.
  var framing: Framing {
    if let encoding = headers["transfer-encoding"], encoding.lowercased().contains("chunked") { return .chunked }
    if let length = headers["content-length"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), length >= 0 {
      return .length(length)
    }
    return .untilClose
  }

  /// The head at the start of `bytes` and where the body starts, or `nil` while the head is incomplete.
  static func parse(_ bytes: [UInt8]) throws(LanguageModelError) -> (head: HTTPResponseHead, bodyStart: Int)? {
    guard let end = headEnd(in: bytes) else {
      guard bytes.count <= maximumSize else {
        throw .malformedResponse(reason: "the response head is larger than \(maximumSize) bytes", snippet: "")
      }
      return nil
    }
    // Lines split on the bytes: "\r\n" is one Character, so a String would not split on "\n".
    var lines = bytes[..<end.head].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      String(decoding: $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0, as: UTF8.self)
    }
    let statusLine = lines.isEmpty ? "" : String(lines.removeFirst())
    let parts = statusLine.split(separator: " ", maxSplits: 2)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]), (100...599).contains(status)
    else {
      throw .malformedResponse(
        reason: "the response is not HTTP/1.1", snippet: LanguageModelError.snippet(of: Data(statusLine.utf8)))
    }
    var headers = HTTPHeaderFields()
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers.append(
        name: String(line[..<colon]).trimmingCharacters(in: .whitespaces),
        value: String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
    }
    return (HTTPResponseHead(status: status, headers: headers), end.body)
  }

  /// Where the head's text ends and the body starts: after the first empty line (CRLF or a bare LF).
  private static func headEnd(in bytes: [UInt8]) -> (head: Int, body: Int)? {
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\n") {
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { return (index, index + 2) }
        if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\r"), bytes[index + 2] == UInt8(ascii: "\n") {
          return (index, index + 3)
        }
      }
      index += 1
    }
    return nil
  }
}

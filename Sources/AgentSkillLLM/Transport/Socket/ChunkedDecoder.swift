import Foundation

/// Decodes an HTTP/1.1 `Transfer-Encoding: chunked` body as its bytes arrive,
/// in any split: a pure state machine, fed by ``SocketExchange``.
struct ChunkedDecoder {
  /// Why a chunked body could not be decoded.
  struct Malformed: Error, Equatable {
    let reason: String
  }

  private enum State: Equatable {
    /// Reading the hexadecimal size line (extensions after `;` are ignored).
    case size(line: [UInt8])
    /// Reading `remaining` bytes of a chunk.
    case data(remaining: Int)
    /// Expecting the CRLF after a chunk's data; `seen` bytes of it so far.
    case dataEnd(seen: Int)
    /// Reading trailer lines after the last chunk until an empty one.
    case trailer(line: [UInt8])
    case done
  }

  /// The longest size or trailer line accepted.
  static let maximumLineLength = 4096

  private var state = State.size(line: [])

  /// Whether the last chunk and the trailer have been read.
  var isDone: Bool { state == .done }

  /// Consumes `bytes`; returns the body bytes they carry. Bytes after the end are ignored.
  mutating func feed(_ bytes: some Collection<UInt8>) throws(Malformed) -> [UInt8] {
    var body: [UInt8] = []
    var index = bytes.startIndex
    while index != bytes.endIndex {
      switch state {
      case .done:
        return body
      case .size(var line):
        let byte = bytes[index]
        index = bytes.index(after: index)
        if byte == UInt8(ascii: "\n") {
          state = try Self.afterSizeLine(line)
        } else {
          guard line.count < Self.maximumLineLength else { throw Malformed(reason: "a chunk size line is too long") }
          line.append(byte)
          state = .size(line: line)
        }
      case .data(let remaining):
        let available = bytes.distance(from: index, to: bytes.endIndex)
        let take = min(available, remaining)
        let end = bytes.index(index, offsetBy: take)
        body.append(contentsOf: bytes[index..<end])
        index = end
        state = take == remaining ? .dataEnd(seen: 0) : .data(remaining: remaining - take)
      case .dataEnd(let seen):
        let byte = bytes[index]
        index = bytes.index(after: index)
        let expected = seen == 0 ? UInt8(ascii: "\r") : UInt8(ascii: "\n")
        if seen == 0, byte == UInt8(ascii: "\n") {
          state = .size(line: [])  // a bare LF, accepted
        } else {
          guard byte == expected else { throw Malformed(reason: "a chunk does not end with CRLF") }
          state = seen == 0 ? .dataEnd(seen: 1) : .size(line: [])
        }
      case .trailer(var line):
        let byte = bytes[index]
        index = bytes.index(after: index)
        if byte == UInt8(ascii: "\n") {
          if line.last == UInt8(ascii: "\r") { line.removeLast() }
          state = line.isEmpty ? .done : .trailer(line: [])
        } else {
          guard line.count < Self.maximumLineLength else { throw Malformed(reason: "a trailer line is too long") }
          line.append(byte)
          state = .trailer(line: line)
        }
      }
    }
    return body
  }

  private static func afterSizeLine(_ line: [UInt8]) throws(Malformed) -> State {
    var digits = line
    if digits.last == UInt8(ascii: "\r") { digits.removeLast() }
    if let semicolon = digits.firstIndex(of: UInt8(ascii: ";")) { digits = Array(digits[..<semicolon]) }
    let text = String(decoding: digits, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty, text.count <= 15, let size = Int(text, radix: 16), size >= 0 else {
      throw Malformed(reason: "a chunk size is not a hexadecimal number")
    }
    return size == 0 ? .trailer(line: []) : .data(remaining: size)
  }
}

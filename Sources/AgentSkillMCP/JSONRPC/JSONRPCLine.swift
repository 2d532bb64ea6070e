import AgentSkillLLM
import Foundation

/// Decodes one line of newline-delimited JSON-RPC into messages.
enum JSONRPCLine {
  /// What one JSON value on the line turned out to be.
  enum Item: Sendable, Equatable {
    /// A well-formed message.
    case message(JSONRPCMessage)
    /// A malformed one; answer with this error (and the id in `data`, if any).
    case invalid(JSONRPCError)
  }

  /// The messages on one line; a batch array yields one item per element.
  ///
  /// - Parameter bytes: The line, without its newline.
  /// - Returns: The items, in order; a parse error or an empty batch is one `.invalid` item.
  static func decode(_ bytes: [UInt8]) -> [Item] {
    let value: JSONValue
    do {
      value = try JSONValue(parsing: Data(bytes))
    } catch {
      return [.invalid(JSONRPCError(code: JSONRPCError.parseError, message: "The line is not JSON: \(error)."))]
    }
    if case .array(let elements) = value {
      guard !elements.isEmpty else {
        return [.invalid(JSONRPCError(code: JSONRPCError.invalidRequest, message: "A batch must not be empty."))]
      }
      return elements.map(item)
    }
    return [item(value)]
  }

  private static func item(_ value: JSONValue) -> Item {
    do {
      return .message(try JSONRPCMessage(json: value))
    } catch {
      return .invalid(error)
    }
  }

  /// The message as one line, newline included.
  static func encode(_ message: JSONRPCMessage) -> Data {
    Data((message.json.rendered() + "\n").utf8)
  }
}

/// Splits a byte stream into lines, with a cap on a line's length.
///
/// A line ends at `\n`; carriage returns before it are dropped, so CRLF
/// works, and a line of only spaces, tabs and carriage returns is blank and
/// skipped. The end of the stream ends the last line the same way.
struct LineFramer: Sendable {
  /// What the framer found in the bytes fed to it.
  enum Event: Sendable, Equatable {
    /// A complete line, without `\n` or trailing `\r`s; blank lines are skipped.
    case line([UInt8])
    /// A line longer than the cap was dropped; `bytes` is how long it had grown.
    case oversized(bytes: Int)
  }

  /// The longest line accepted, in bytes, not counting a `\r` before its `\n`.
  let maximumLineLength: Int
  private var buffer: [UInt8] = []
  private var discarding = false
  private var discarded = 0

  /// Creates a framer.
  ///
  /// - Parameter maximumLineLength: The longest line accepted, in bytes.
  init(maximumLineLength: Int) {
    self.maximumLineLength = maximumLineLength
  }

  /// Feeds bytes and returns the events they complete.
  mutating func feed(_ bytes: some Sequence<UInt8>) -> [Event] {
    var events: [Event] = []
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        events += endLine()
      } else if discarding {
        discarded += 1
      } else {
        buffer.append(byte)
        // One byte over the cap may be the `\r` of a CRLF; the next byte decides.
        let over = buffer.count - maximumLineLength
        if over > 1 || over == 1 && byte != Self.carriageReturn {
          discarding = true
          discarded = buffer.count
          buffer.removeAll()
        }
      }
    }
    return events
  }

  /// The bytes of an unfinished last line, at the end of the stream.
  mutating func finish() -> [Event] {
    endLine()
  }

  private static let carriageReturn = UInt8(ascii: "\r")

  private mutating func endLine() -> [Event] {
    defer {
      buffer.removeAll(keepingCapacity: true)
      discarding = false
      discarded = 0
    }
    if discarding { return [.oversized(bytes: discarded)] }
    while buffer.last == Self.carriageReturn { buffer.removeLast() }
    guard buffer.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != Self.carriageReturn }) else { return [] }
    return [.line(buffer)]
  }
}

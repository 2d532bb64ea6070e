import Foundation

/// An incremental parser for server-sent events (`text/event-stream`),
/// following the WHATWG HTML "event stream interpretation" rules.
///
/// Feed it the bytes as they arrive, in chunks of any size; it returns the
/// events each chunk completes. It handles CR, LF and CRLF line endings (a
/// CR at the end of one chunk and an LF at the start of the next are one
/// line break), a leading UTF-8 byte-order mark, comments, fields without a
/// colon, multi-line data, `id` and `retry` fields. Data left after the last
/// blank line is discarded by ``finish()``, as the standard requires.
///
/// ```swift
/// func printEvents(of body: AsyncThrowingStream<Data, any Error>) async throws {
///   var parser = SSEParser()
///   for try await chunk in body {
///     for event in parser.feed(chunk) { print(event.type, event.data) }
///   }
///   if parser.finish() { print("the stream was cut off mid-event") }
/// }
/// ```
///
/// The parser works on bytes and decodes text only when it dispatches an
/// event, so it keeps up with fast local models.
public struct SSEParser: Sendable {
  private static let lineFeed: UInt8 = 0x0A
  private static let carriageReturn: UInt8 = 0x0D
  private static let colon: UInt8 = 0x3A
  private static let space: UInt8 = 0x20
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// The bytes of a line whose end has not arrived yet.
  private var carry: [UInt8] = []
  /// Whether the previous chunk ended with CR, so an LF starting the next one is part of that line break.
  private var skipsLeadingLineFeed = false
  /// The first bytes of the stream while they might still be a byte-order mark; `nil` once decided.
  private var pendingStart: [UInt8]? = []
  private var dataBuffer: [UInt8] = []
  private var eventTypeBuffer: [UInt8] = []

  /// The last event ID seen (`id:` fields without NULL); kept across events, as the standard requires.
  public private(set) var lastEventID = ""
  /// The reconnection time in milliseconds from the last valid `retry:` field, if any.
  public private(set) var reconnectionTime: Int?

  /// Creates a parser at the start of a stream.
  public init() {}

  /// Parses the next bytes of the stream.
  ///
  /// - Parameter bytes: The next chunk, split anywhere.
  /// - Returns: The events completed by this chunk, in order.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [SSEEvent] {
    // An array is taken as is (no copy); other sequences are copied once.
    consume(Array(bytes))
  }

  /// Parses the next bytes of the stream.
  ///
  /// - Parameter data: The next chunk, split anywhere.
  /// - Returns: The events completed by this chunk, in order.
  public mutating func feed(_ data: Data) -> [SSEEvent] {
    consume([UInt8](data))
  }

  /// Ends the stream: discards an incomplete event (one not followed by a
  /// blank line), as the standard requires, and readies the parser for a new
  /// stream. ``lastEventID`` and ``reconnectionTime`` are kept.
  ///
  /// - Returns: Whether anything was discarded — a sign the stream was cut off mid-event.
  @discardableResult
  public mutating func finish() -> Bool {
    let discarded =
      !carry.isEmpty || !dataBuffer.isEmpty || !eventTypeBuffer.isEmpty || !(pendingStart?.isEmpty ?? true)
    carry.removeAll(keepingCapacity: true)
    dataBuffer.removeAll(keepingCapacity: true)
    eventTypeBuffer.removeAll(keepingCapacity: true)
    skipsLeadingLineFeed = false
    pendingStart = []
    return discarded
  }

  private mutating func consume(_ input: [UInt8]) -> [SSEEvent] {
    var events: [SSEEvent] = []
    guard var prefix = pendingStart else {
      scan(input, from: 0, into: &events)
      return events
    }
    var consumed = 0
    while prefix.count < Self.byteOrderMark.count, consumed < input.count,
      input[consumed] == Self.byteOrderMark[prefix.count]
    {
      prefix.append(input[consumed])
      consumed += 1
    }
    if prefix.count == Self.byteOrderMark.count {
      pendingStart = nil
    } else if consumed == input.count {
      pendingStart = prefix
      return events
    } else {
      pendingStart = nil
      scan(prefix, from: 0, into: &events)
    }
    scan(input, from: consumed, into: &events)
    return events
  }

  /// Splits `input[start...]` into lines and processes each complete one;
  /// the bytes after the last line break wait in `carry` for the next chunk.
  private mutating func scan(_ input: [UInt8], from start: Int, into events: inout [SSEEvent]) {
    let count = input.count
    var index = start
    guard index < count else { return }
    if skipsLeadingLineFeed {
      skipsLeadingLineFeed = false
      if input[index] == Self.lineFeed { index += 1 }
    }
    var lineStart = index
    while index < count {
      let byte = input[index]
      // Both line-break bytes are below 0x0E: one comparison passes most bytes.
      guard byte <= Self.carriageReturn, byte == Self.lineFeed || byte == Self.carriageReturn else {
        index += 1
        continue
      }
      if carry.isEmpty {
        processLine(input[lineStart..<index], into: &events)
      } else {
        var line: [UInt8] = []
        swap(&line, &carry)
        line.append(contentsOf: input[lineStart..<index])
        processLine(line[...], into: &events)
        line.removeAll(keepingCapacity: true)
        swap(&line, &carry)
      }
      index += 1
      if byte == Self.carriageReturn {
        // CRLF is one line break, also when the LF starts the next chunk.
        if index < count {
          if input[index] == Self.lineFeed { index += 1 }
        } else {
          skipsLeadingLineFeed = true
        }
      }
      lineStart = index
    }
    if lineStart < count {
      carry.append(contentsOf: input[lineStart..<count])
    }
  }

  private mutating func processLine(_ line: ArraySlice<UInt8>, into events: inout [SSEEvent]) {
    guard let first = line.first else {
      dispatch(into: &events)
      return
    }
    if first == Self.colon { return }
    let field: ArraySlice<UInt8>
    let value: ArraySlice<UInt8>
    if let colonIndex = line.firstIndex(of: Self.colon) {
      field = line[..<colonIndex]
      var valueStart = colonIndex + 1
      if valueStart < line.endIndex, line[valueStart] == Self.space { valueStart += 1 }
      value = line[valueStart...]
    } else {
      field = line
      value = line[line.endIndex...]
    }
    switch Field(field) {
    case .data:
      dataBuffer.append(contentsOf: value)
      dataBuffer.append(Self.lineFeed)
    case .event:
      eventTypeBuffer.removeAll(keepingCapacity: true)
      eventTypeBuffer.append(contentsOf: value)
    case .id:
      if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
    case .retry:
      if let milliseconds = Self.decimalDigits(value) { reconnectionTime = milliseconds }
    case .other:
      break
    }
  }

  private mutating func dispatch(into events: inout [SSEEvent]) {
    guard !dataBuffer.isEmpty else {
      eventTypeBuffer.removeAll(keepingCapacity: true)
      return
    }
    dataBuffer.removeLast()
    let isValid = Self.isValidUTF8(dataBuffer)
    let data = String(decoding: dataBuffer, as: UTF8.self)
    let type = eventTypeBuffer.isEmpty ? "message" : String(decoding: eventTypeBuffer, as: UTF8.self)
    events.append(SSEEvent(type: type, data: data, lastEventID: lastEventID, containsInvalidUTF8: !isValid))
    dataBuffer.removeAll(keepingCapacity: true)
    eventTypeBuffer.removeAll(keepingCapacity: true)
  }

  /// Whether `bytes` are well-formed UTF-8 (Unicode Table 3-7), with a fast path for ASCII.
  static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
    // The usual payload (JSON) is all ASCII: one pass that the optimizer
    // vectorizes decides it.
    var combined: UInt8 = 0
    for byte in bytes { combined |= byte }
    if combined < 0x80 { return true }
    let count = bytes.count
    var index = 0
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      let secondRange: ClosedRange<UInt8>
      switch lead {
      case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
      case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
      case 0xED: (length, secondRange) = (3, 0x80...0x9F)
      case 0xE1...0xEF: (length, secondRange) = (3, 0x80...0xBF)
      case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
      case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
      case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
      default: return false
      }
      guard index + length <= count, secondRange.contains(bytes[index + 1]) else { return false }
      var offset = 2
      while offset < length {
        guard bytes[index + offset] & 0xC0 == 0x80 else { return false }
        offset += 1
      }
      index += length
    }
    return true
  }

  /// The fields the parser acts on.
  private enum Field {
    case data, event, id, retry, other

    private static let idName = Array("id".utf8)
    private static let dataName = Array("data".utf8)
    private static let eventName = Array("event".utf8)
    private static let retryName = Array("retry".utf8)

    /// The field named by `name`, compared byte for byte (field names are case-sensitive).
    init(_ name: ArraySlice<UInt8>) {
      switch name.count {
      case 2 where name.elementsEqual(Self.idName): self = .id
      case 4 where name.elementsEqual(Self.dataName): self = .data
      case 5 where name.elementsEqual(Self.eventName): self = .event
      case 5 where name.elementsEqual(Self.retryName): self = .retry
      default: self = .other
      }
    }
  }

  /// The value as a base-ten integer when it is one or more ASCII digits and fits in `Int`.
  private static func decimalDigits(_ value: ArraySlice<UInt8>) -> Int? {
    guard !value.isEmpty else { return nil }
    var result = 0
    for byte in value {
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      let (multiplied, overflowA) = result.multipliedReportingOverflow(by: 10)
      let (added, overflowB) = multiplied.addingReportingOverflow(Int(byte - 0x30))
      guard !overflowA, !overflowB else { return nil }
      result = added
    }
    return result
  }
}

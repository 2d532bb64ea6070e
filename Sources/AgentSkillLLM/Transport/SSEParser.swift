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
/// var parser = SSEParser()
/// for try await chunk in body {
///   for event in parser.feed(chunk) { print(event.type, event.data) }
/// }
/// let truncated = parser.finish()
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
    var events: [SSEEvent] = []
    let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      consume(buffer, into: &events)
    }
    if handled == nil {
      let array = Array(bytes)
      array.withUnsafeBufferPointer { consume($0, into: &events) }
    }
    return events
  }

  /// Parses the next bytes of the stream.
  ///
  /// - Parameter data: The next chunk, split anywhere.
  /// - Returns: The events completed by this chunk, in order.
  public mutating func feed(_ data: Data) -> [SSEEvent] {
    var events: [SSEEvent] = []
    data.withUnsafeBytes { raw in
      consume(raw.bindMemory(to: UInt8.self), into: &events)
    }
    return events
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

  private mutating func consume(_ input: UnsafeBufferPointer<UInt8>, into events: inout [SSEEvent]) {
    guard var prefix = pendingStart else {
      scan(input, into: &events)
      return
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
      return
    } else {
      pendingStart = nil
      prefix.withUnsafeBufferPointer { scan($0, into: &events) }
    }
    scan(UnsafeBufferPointer(rebasing: input[consumed...]), into: &events)
  }

  private mutating func scan(_ input: UnsafeBufferPointer<UInt8>, into events: inout [SSEEvent]) {
    guard let base = input.baseAddress, !input.isEmpty else { return }
    let count = input.count
    var index = 0
    if skipsLeadingLineFeed {
      skipsLeadingLineFeed = false
      if input[0] == Self.lineFeed { index = 1 }
    }
    var lineStart = index
    while index < count {
      // memchr finds the next line break with vector instructions; a CR
      // before the LF (CRLF or a lone CR) ends the line first.
      let lineFeed = Self.firstOffset(of: Self.lineFeed, in: base, from: index, to: count)
      let carriageReturn = Self.firstOffset(of: Self.carriageReturn, in: base, from: index, to: lineFeed ?? count)
      guard let lineEnd = carriageReturn ?? lineFeed else { break }
      let segment = UnsafeBufferPointer(rebasing: input[lineStart..<lineEnd])
      if carry.isEmpty {
        processLine(segment, into: &events)
      } else {
        var line: [UInt8] = []
        swap(&line, &carry)
        line.append(contentsOf: segment)
        line.withUnsafeBufferPointer { processLine($0, into: &events) }
        line.removeAll(keepingCapacity: true)
        swap(&line, &carry)
      }
      index = lineEnd + 1
      if carriageReturn != nil {
        if index < count {
          if input[index] == Self.lineFeed { index += 1 }
        } else {
          skipsLeadingLineFeed = true
        }
      }
      lineStart = index
    }
    if lineStart < count {
      carry.append(contentsOf: UnsafeBufferPointer(rebasing: input[lineStart..<count]))
    }
  }

  private mutating func processLine(_ line: UnsafeBufferPointer<UInt8>, into events: inout [SSEEvent]) {
    guard let first = line.first else {
      dispatch(into: &events)
      return
    }
    if first == Self.colon { return }
    let field: UnsafeBufferPointer<UInt8>
    let value: UnsafeBufferPointer<UInt8>
    if let base = line.baseAddress, let colonIndex = Self.firstOffset(of: Self.colon, in: base, from: 0, to: line.count)
    {
      field = UnsafeBufferPointer(rebasing: line[..<colonIndex])
      var valueStart = colonIndex + 1
      if valueStart < line.count, line[valueStart] == Self.space { valueStart += 1 }
      value = UnsafeBufferPointer(rebasing: line[valueStart...])
    } else {
      field = line
      value = UnsafeBufferPointer(rebasing: line[line.count...])
    }
    if Self.field(field, is: "data") {
      dataBuffer.append(contentsOf: value)
      dataBuffer.append(Self.lineFeed)
    } else if Self.field(field, is: "event") {
      eventTypeBuffer.removeAll(keepingCapacity: true)
      eventTypeBuffer.append(contentsOf: value)
    } else if Self.field(field, is: "id") {
      if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
    } else if Self.field(field, is: "retry") {
      if let milliseconds = Self.decimalDigits(value) { reconnectionTime = milliseconds }
    }
  }

  private mutating func dispatch(into events: inout [SSEEvent]) {
    guard !dataBuffer.isEmpty else {
      eventTypeBuffer.removeAll(keepingCapacity: true)
      return
    }
    dataBuffer.removeLast()
    let isValid = dataBuffer.withUnsafeBufferPointer(Self.isValidUTF8)
    let data = String(decoding: dataBuffer, as: UTF8.self)
    let type = eventTypeBuffer.isEmpty ? "message" : String(decoding: eventTypeBuffer, as: UTF8.self)
    events.append(SSEEvent(type: type, data: data, lastEventID: lastEventID, containsInvalidUTF8: !isValid))
    dataBuffer.removeAll(keepingCapacity: true)
    eventTypeBuffer.removeAll(keepingCapacity: true)
  }

  /// The offset of the first `byte` in `base[start..<end]`, found with `memchr`.
  private static func firstOffset(of byte: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
    guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
    return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
  }

  /// Whether `bytes` are well-formed UTF-8 (Unicode Table 3-7), with a fast path for ASCII.
  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var index = 0
    while index < count {
      // Eight ASCII bytes at a time.
      if index + 8 <= count,
        UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
      {
        index += 8
        continue
      }
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let continuation: (Int) -> Bool = { offset in
        index + offset < count && bytes[index + offset] & 0xC0 == 0x80
      }
      switch lead {
      case 0xC2...0xDF:
        guard continuation(1) else { return false }
        index += 2
      case 0xE0...0xEF:
        guard index + 2 < count else { return false }
        let second = bytes[index + 1]
        let secondValid: Bool
        switch lead {
        case 0xE0: secondValid = second >= 0xA0 && second <= 0xBF
        case 0xED: secondValid = second >= 0x80 && second <= 0x9F
        default: secondValid = second & 0xC0 == 0x80
        }
        guard secondValid, continuation(2) else { return false }
        index += 3
      case 0xF0...0xF4:
        guard index + 3 < count else { return false }
        let second = bytes[index + 1]
        let secondValid: Bool
        switch lead {
        case 0xF0: secondValid = second >= 0x90 && second <= 0xBF
        case 0xF4: secondValid = second >= 0x80 && second <= 0x8F
        default: secondValid = second & 0xC0 == 0x80
        }
        guard secondValid, continuation(2), continuation(3) else { return false }
        index += 4
      default:
        return false
      }
    }
    return true
  }

  private static func field(_ field: UnsafeBufferPointer<UInt8>, is name: StaticString) -> Bool {
    guard field.count == name.utf8CodeUnitCount else { return false }
    return name.withUTF8Buffer { field.elementsEqual($0) }
  }

  /// The value as a base-ten integer when it is one or more ASCII digits and fits in `Int`.
  private static func decimalDigits(_ value: UnsafeBufferPointer<UInt8>) -> Int? {
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

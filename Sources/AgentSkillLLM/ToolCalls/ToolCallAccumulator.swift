/// Joins streamed tool-call fragments into complete calls and reports
/// progress as ``ChatStreamEvent``s.
///
/// ```swift
/// var accumulator = ToolCallAccumulator()
/// var events: [ChatStreamEvent] = []  // a provider yields them as they come
/// // the fragments of one call, as a stream brings them
/// events += accumulator.append(ToolCallDelta(index: 0, id: "call_a", name: "get_weather", argumentsFragment: #"{"ci"#))
/// events += accumulator.append(ToolCallDelta(index: 0, argumentsFragment: #"ty": "北京"}"#))
/// let calls = try accumulator.finish()  // whatever the finish_reason said
/// // [ToolCall(id: "call_a", name: "get_weather", arguments: ["city": "北京"])]
/// ```
///
/// How fragments are matched to calls, so that every vendor's stream works:
/// - A fragment whose id was seen before continues that call. A new id starts
///   a new call — even at an index already in use, as vLLM and sglang send
///   parallel calls all at index 0 — unless it comes without a name, which
///   marks a server that makes up an id per chunk: that continues the call.
/// - Without an id (or with `""`, as DashScope repeats), a fragment continues
///   the latest call at its index, or the latest call when it has no index.
/// - It starts a new call instead when it names a different tool, or brings a
///   name with new arguments after the current call's arguments are complete
///   (Ollama's whole calls without ids or indices).
/// - Ids, names and arguments already received are never overwritten by
///   later `null` or empty values, and a repeated name is not appended.
///
/// Events: ``ChatStreamEvent/toolCallStarted(index:id:name:)`` once per call
/// as soon as its name is known, then
/// ``ChatStreamEvent/toolCallArgumentsDelta(index:fragment:)`` for each piece
/// of argument text. Their `index` is the call's position in the response
/// (0, 1, …), not the vendor's index. The id a call starts with is its id in
/// ``finish()`` too: a call without an id (or with the id of a call already
/// started) gets a generated one when it starts, and an id the server sends
/// later does not replace it.
///
/// Appending costs time proportional to the fragment's length.
public struct ToolCallAccumulator: Sendable {
  /// The default limit on one call's argument text: 32 MiB.
  public static let defaultMaximumArgumentBytes = 32 << 20

  private struct PendingCall: Sendable {
    var id: String?
    /// The id given in ``ChatStreamEvent/toolCallStarted(index:id:name:)``, once the call has started.
    var announcedID: String?
    var name: String?
    var text = ""
    var textBytes = 0
    var textIsBlank = true
    var object: JSONValue?
    var tracker = JSONCompletenessTracker()
    var overflowed = false

    var argumentsComplete: Bool { object != nil || tracker.isComplete }
  }

  private var calls: [PendingCall] = []
  private var positionsByID: [String: Int] = [:]
  private var latestPositionByIndex: [Int: Int] = [:]
  private var takenIDs: Set<String> = []
  /// The ids of the calls that have started, each given once.
  private var announcedIDs: Set<String> = []
  private let ids: ToolCallIDGenerator
  private let maximumArgumentBytes: Int

  /// Creates an empty accumulator.
  ///
  /// - Parameters:
  ///   - ids: Makes ids for calls that arrive without one; random by default.
  ///   - maximumArgumentBytes: The most argument text one call may collect;
  ///     beyond it the rest is dropped and ``finish()`` throws
  ///     ``ToolCallError/argumentsTooLarge(tool:limit:)``.
  public init(
    ids: ToolCallIDGenerator = .random, maximumArgumentBytes: Int = ToolCallAccumulator.defaultMaximumArgumentBytes
  ) {
    self.ids = ids
    self.maximumArgumentBytes = maximumArgumentBytes
  }

  /// Whether no tool call has begun.
  public var isEmpty: Bool { calls.isEmpty }

  /// The number of calls begun so far.
  public var count: Int { calls.count }

  /// Adds one fragment and returns the events it produces.
  ///
  /// ```swift
  /// var accumulator = ToolCallAccumulator()
  /// let started = accumulator.append(ToolCallDelta(index: 0, id: "call_a", name: "get_weather", argumentsFragment: ""))
  /// // [.toolCallStarted(index: 0, id: "call_a", name: "get_weather")]
  /// let more = accumulator.append(ToolCallDelta(index: 0, argumentsFragment: #"{"city":"#))
  /// // [.toolCallArgumentsDelta(index: 0, fragment: #"{"city":"#)]
  /// ```
  ///
  /// - Parameter delta: The fragment.
  /// - Returns: A ``ChatStreamEvent/toolCallStarted(index:id:name:)`` when
  ///   the call's name first appears, and a
  ///   ``ChatStreamEvent/toolCallArgumentsDelta(index:fragment:)`` for new
  ///   argument text; empty for a fragment that adds nothing.
  public mutating func append(_ delta: ToolCallDelta) -> [ChatStreamEvent] {
    let id = Self.present(delta.id)
    let name = Self.present(delta.name).map { String(ToolArguments.trim(Substring($0))) }.flatMap(Self.present)
    let fragment = Self.present(delta.argumentsFragment)
    let object = delta.argumentsObject == .null ? nil : delta.argumentsObject
    guard id != nil || name != nil || fragment != nil || object != nil else { return [] }

    let position = route(index: delta.index, id: id, name: name, fragment: fragment, object: object)
    if let index = delta.index { latestPositionByIndex[index] = position }
    if let id, calls[position].id == nil {
      positionsByID[id] = position
      takenIDs.insert(id)
    }
    let wasStarted = calls[position].name != nil
    // Mutate the stored call in place: copying it out would copy its argument text on every append.
    let newText = Self.absorb(
      id: id, name: name, fragment: fragment, object: object, into: &calls[position],
      limit: maximumArgumentBytes)

    var events: [ChatStreamEvent] = []
    if !wasStarted, let name = calls[position].name {
      let callID: String
      if let id = calls[position].id, !announcedIDs.contains(id) {
        callID = id
      } else {
        callID = ids.id(forPosition: position, avoiding: takenIDs.union(announcedIDs))
        takenIDs.insert(callID)
      }
      calls[position].announcedID = callID
      announcedIDs.insert(callID)
      events.append(.toolCallStarted(index: position, id: callID, name: name))
      // Argument text that came before the name is reported once the call has started.
      let earlier = calls[position].text + Self.renderedForProgress(calls[position].object)
      if !earlier.isEmpty { events.append(.toolCallArgumentsDelta(index: position, fragment: earlier)) }
    } else if wasStarted, !newText.isEmpty {
      events.append(.toolCallArgumentsDelta(index: position, fragment: newText))
    }
    return events
  }

  /// Adds a fragment's parts to `call` without overwriting what it has; returns the new argument text.
  private static func absorb(
    id: String?, name: String?, fragment: String?, object: JSONValue?, into call: inout PendingCall,
    limit: Int
  ) -> String {
    if call.id == nil { call.id = id }
    if call.name == nil { call.name = name }
    var newText = ""
    if let fragment, !call.overflowed {
      let bytes = fragment.utf8.count
      if call.textBytes + bytes > limit {
        call.overflowed = true
      } else {
        call.text += fragment
        call.textBytes += bytes
        call.tracker.consume(fragment)
        if call.textIsBlank, fragment.contains(where: { !$0.isWhitespace }) { call.textIsBlank = false }
        newText = fragment
      }
    }
    if let object {
      call.object = object
      newText += renderedForProgress(object)
    }
    return newText
  }

  /// Object arguments as progress text; an empty object (Anthropic's `input: {}` placeholder) adds none.
  private static func renderedForProgress(_ object: JSONValue?) -> String {
    guard let object, object != .object(JSONObject()) else { return "" }
    return object.rendered()
  }

  /// The assembled calls in order, or the first problem.
  ///
  /// Call it when the stream ends, whatever the finish reason was (some
  /// servers say `stop` although they sent tool calls).
  ///
  /// - Returns: The calls, each with an id (generated when the server sent
  ///   none, unique within the response) and arguments that are a JSON object.
  /// - Throws: The first ``ToolCallError`` of ``results()``.
  public func finish() throws(ToolCallError) -> [ToolCall] {
    var calls: [ToolCall] = []
    for result in results() {
      switch result {
      case .success(let call): calls.append(call)
      case .failure(let error): throw error
      }
    }
    return calls
  }

  /// Every call's outcome, in order, so that one bad call does not hide the others.
  ///
  /// ```swift
  /// var accumulator = ToolCallAccumulator()
  /// _ = accumulator.append(ToolCallDelta(index: 0, id: "call_a", name: "get_weather", argumentsFragment: "{}"))
  /// _ = accumulator.append(ToolCallDelta(index: 1, id: "call_b", argumentsFragment: "{}"))  // no name
  /// for result in accumulator.results() {
  ///   switch result {
  ///   case .success(let call): print("run", call.name)
  ///   case .failure(let error): print(error)  // its description is written for the model
  ///   }
  /// }
  /// ```
  ///
  /// - Returns: A call, or why it cannot be used: no name, arguments that
  ///   are not a JSON object even read leniently, arguments nested more than
  ///   512 levels deep, or arguments over the limit.
  public func results() -> [Result<ToolCall, ToolCallError>] {
    var taken = takenIDs
    var used: Set<String> = []
    return calls.enumerated().map { position, call in
      if let announced = call.announcedID {
        return Self.assemble(call, id: announced, position: position, limit: maximumArgumentBytes)
      }
      // A call that never started (it has no name) fails below; its id still avoids every other.
      var id = call.id ?? ids.id(forPosition: position, avoiding: taken)
      if used.contains(id) || announcedIDs.contains(id) {
        id = ids.id(forPosition: position, avoiding: taken.union(used).union(announcedIDs))
      }
      taken.insert(id)
      used.insert(id)
      return Self.assemble(call, id: id, position: position, limit: maximumArgumentBytes)
    }
  }

  private static func assemble(
    _ call: PendingCall, id: String, position: Int, limit: Int
  ) -> Result<ToolCall, ToolCallError> {
    guard let name = call.name else { return .failure(.missingToolName(position: position, callID: call.id)) }
    if call.overflowed { return .failure(.argumentsTooLarge(tool: name, limit: limit)) }
    do {
      let arguments: JSONValue
      if !call.textIsBlank {
        arguments = try ToolArguments.parse(call.text, tool: name)
      } else if let object = call.object {
        arguments = try ToolArguments.normalize(object, tool: name)
      } else {
        arguments = .object(JSONObject())
      }
      return .success(ToolCall(id: id, name: name, arguments: arguments))
    } catch {
      return .failure(error)
    }
  }

  /// The call a fragment belongs to, creating it when the fragment starts one.
  private mutating func route(
    index: Int?, id: String?, name: String?, fragment: String?, object: JSONValue?
  ) -> Int {
    if let id, let known = positionsByID[id] { return known }
    let target: Int?
    if let index {
      target = latestPositionByIndex[index]
    } else {
      target = calls.indices.last
    }
    guard let target else { return open() }
    let call = calls[target]
    if id != nil {
      // A new id at an index in use: adopt it only while the call has none and is not finished.
      if call.id == nil, !startsNewCall(call, name: name, fragment: fragment, object: object) { return target }
      // A fresh id without a name continues the call (a server that makes ids per chunk); a name starts one.
      if name == nil, call.id != nil, object == nil { return target }
      return open()
    }
    return startsNewCall(call, name: name, fragment: fragment, object: object) ? open() : target
  }

  private func startsNewCall(_ call: PendingCall, name: String?, fragment: String?, object: JSONValue?) -> Bool {
    if let name, let existing = call.name, name != existing { return true }
    let bringsArguments = object != nil || fragment?.contains(where: { !$0.isWhitespace }) == true
    if object != nil, call.argumentsComplete { return true }
    return name != nil && bringsArguments && call.argumentsComplete
  }

  private mutating func open() -> Int {
    calls.append(PendingCall())
    return calls.count - 1
  }

  private static func present(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
  }
}

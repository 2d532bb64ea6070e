import AgentSkill

/// Streams a reply into ``MessageListContext/streamedText`` for
/// ``MessageListIntent/stream(_:)``, coalescing deltas into batches, and
/// stops at once on ``MessageListIntent/cancelStream``; a skill of a
/// ``MessageListAgent``.
///
/// ```swift
/// let reply = MessageStreamSkill<Message, AsyncThrowingStream<String, any Error>>(
///   makeItem: { text in Message(id: UUID(), text: text) }
/// ) { prompt in
///   AsyncThrowingStream { continuation in   // e.g. a model's streamed reply to `prompt`
///     for delta in ["See you", " at 3 pm."] { continuation.yield(delta) }
///     continuation.finish()
///   }
/// }
/// ```
///
/// - Deltas are batched on the agent's clock: the first delta after a batch
///   opens a window (100 ms by default) and everything received until it
///   ends is applied as one ``MessageListEffect/appendDelta(_:)``. Over a stream
///   lasting `T`, the streamed text is written at most `T / window + 1`
///   times, and every character arrives exactly once, in order.
/// - When the sequence ends, the last partial batch is applied together with
///   ``MessageListEffect/finishStream(_:)``, which appends the item `makeItem` built
///   from the whole text (when given) and clears the streamed text.
/// - When the sequence throws, the text received stays and
///   ``MessageListEffect/failStream(_:)`` records ``ListStrings/streamFailure``.
/// - ``MessageListIntent/cancelStream``, a new ``MessageListIntent/stream(_:)``,
///   `agent.cancelAll()` or releasing the agent cancel the run: the iteration
///   ends at once (the sequence's `next()` must honour cancellation, as
///   `AsyncStream`, `AsyncThrowingStream` and `URLSession` bytes do), and
///   text still waiting in the current window is discarded with the run.
///   ``MessageListIntent/cancelStream`` then applies ``MessageListEffect/stopStream``.
public struct MessageStreamSkill<Item: Identifiable & Sendable, Deltas: AsyncSequence>: IntentSkill
where Item.ID: Sendable, Deltas.Element == String {
  /// The skill's rank: lower runs first. Defaults to 100.
  public let priority: Int
  /// How long deltas are collected before they are applied together.
  package let batchWindow: Duration
  /// The message shown when a stream breaks off.
  package let strings: ListStrings
  private let makeItem: (@Sendable (String) -> Item?)?
  private let stream: @Sendable (String) async throws -> Deltas

  /// Creates the skill.
  ///
  /// - Parameters:
  ///   - priority: The skill's rank: lower runs first. Defaults to 100.
  ///   - batchWindow: How long deltas are collected before they are applied
  ///     together, on the agent's clock. Defaults to 100 ms; values below
  ///     zero count as zero (a batch per delta the consumer keeps up with).
  ///   - strings: The messages. Defaults to ``ListStrings/english``.
  ///   - makeItem: Builds the list item for the whole streamed text when the
  ///     stream ends (or returns `nil` to leave the text in
  ///     ``MessageListContext/streamedText``). Defaults to none.
  ///   - stream: Starts the stream of deltas for a prompt.
  public init(
    priority: Int = 100,
    batchWindow: Duration = .milliseconds(100),
    strings: ListStrings = .english,
    makeItem: (@Sendable (String) -> Item?)? = nil,
    stream: @escaping @Sendable (String) async throws -> Deltas
  ) {
    self.priority = priority
    self.batchWindow = max(batchWindow, .zero)
    self.strings = strings
    self.makeItem = makeItem
    self.stream = stream
  }

  /// Whether `intent` is ``MessageListIntent/stream(_:)`` or ``MessageListIntent/cancelStream``.
  ///
  /// - Parameter intent: The intent to route.
  /// - Returns: `true` for the two streaming intents.
  public func canHandle(_ intent: MessageListIntent<Item>) -> Bool {
    switch intent {
    case .stream, .cancelStream: true
    default: false
    }
  }

  /// Streams the prompt, or stops the running stream.
  ///
  /// - Parameters:
  ///   - intent: ``MessageListIntent/stream(_:)`` or ``MessageListIntent/cancelStream``.
  ///   - context: The list when the run started.
  ///   - emit: Delivers the effects.
  /// - Returns: ``/AgentSkill/Handling/handled``.
  /// - Throws: `CancellationError` when the run is cancelled; failures become effects.
  public func handle(
    _ intent: MessageListIntent<Item>, context: MessageListContext<Item>, emit: EffectSink<MessageListEffect<Item>>
  ) async throws -> Handling {
    switch intent {
    case .stream(let prompt):
      try await streamText(for: prompt, emit: emit)
    case .cancelStream:
      // The default policy already cancelled the stream in flight in this lane.
      if context.isStreaming { emit(.stopStream) }
    default:
      break
    }
    return .handled
  }

  private func streamText(for prompt: String, emit: EffectSink<MessageListEffect<Item>>) async throws {
    emit(.beginStream)
    let deltas: Deltas
    do {
      deltas = try await stream(prompt)
    } catch {
      if isCancellation(error) { throw CancellationError() }
      emit(.failStream(ListError(operation: .stream, message: strings.streamFailure, error: error)))
      return
    }
    let batcher = DeltaBatcher(timeline: ClockTimeline(clock: emit.clock), keepsText: makeItem != nil) { batch in
      emit(.appendDelta(batch))
    }
    let window = batchWindow
    let failure: (any Error)? = await withTaskGroup(of: Void.self) { group in
      group.addTask { await batcher.deliverWindows(every: window) }
      var failure: (any Error)?
      do {
        for try await delta in deltas {
          try Task.checkCancellation()
          batcher.append(delta)
        }
      } catch {
        failure = error
      }
      batcher.close()
      group.cancelAll()
      await group.waitForAll()
      return failure
    }
    if Task.isCancelled { throw CancellationError() }
    var effects: [MessageListEffect<Item>] = []
    let rest = batcher.takeRemainder()
    if !rest.isEmpty { effects.append(.appendDelta(rest)) }
    if let failure {
      if isCancellation(failure) { throw CancellationError() }
      let error = ListError(operation: .stream, message: strings.streamFailure, error: failure)
      emit.logger.warning("\(error)")
      effects.append(.failStream(error))
    } else {
      effects.append(.finishStream(makeItem?(batcher.text)))
    }
    emit(contentsOf: effects)
  }
}

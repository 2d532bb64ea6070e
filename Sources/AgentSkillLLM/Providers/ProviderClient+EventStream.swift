import Foundation

extension ProviderClient {
  /// Opens an event stream for `request` and plays it through `decoder`,
  /// ending with exactly one ``ChatStreamEvent/completed(_:)`` or an error.
  /// Cancelling the consumer cancels the request and closes the connection.
  func chatStream<Decoder: ProviderStreamDecoder>(
    _ request: TransportRequest, decoder: Decoder
  ) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
    let client = self
    return AsyncThrowingStream { continuation in
      let task = Task {
        do {
          var decoder = decoder
          let response: TransportResponse
          let answer: StreamAnswer
          do {
            answer = try await client.openEventStream(request)
          } catch {
            // No response yet: a refused connection is not a stream cut short.
            continuation.finish(throwing: Task.isCancelled ? CancellationError() : error)
            return
          }
          switch answer {
          case .events(let events):
            response = events
          case .whole(let json):
            let whole = try decoder.decodeResponse(json)
            for event in Self.events(for: whole) { continuation.yield(event) }
            continuation.finish()
            return
          }
          var parser = SSEParser()
          var received = 0
          var sawEvent = false
          var start = Data()
          reading: for try await chunk in response.body {
            received += chunk.count
            if start.count < 512 { start.append(chunk.prefix(512 - start.count)) }
            guard received <= client.maximumResponseBytes else {
              throw LanguageModelError.malformedResponse(
                reason: "the response is larger than \(client.maximumResponseBytes) bytes", snippet: "")
            }
            for event in parser.feed(chunk) {
              sawEvent = true
              for output in try decoder.consume(event) { continuation.yield(output) }
              if decoder.isDone { break reading }
            }
          }
          try Task.checkCancellation()
          if !decoder.isDone {
            let cutMidEvent = parser.finish()
            if !sawEvent, received > 0, !Self.looksLikeEventStream(start) {
              throw LanguageModelError.malformedResponse(
                reason: "the response is not an event stream",
                snippet: LanguageModelError.snippet(of: start, secrets: client.secrets))
            }
            throw LanguageModelError.streamEndedEarly(reason: decoder.truncationReason(cutMidEvent: cutMidEvent))
          }
          let (events, assembled) = try decoder.finish()
          for event in events { continuation.yield(event) }
          continuation.yield(.completed(assembled))
          continuation.finish()
        } catch {
          continuation.finish(throwing: ProviderClient.streamError(error))
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

extension ProviderClient {
  /// The events a stream would have carried for a whole response.
  static func events(for response: ChatResponse) -> [ChatStreamEvent] {
    var events: [ChatStreamEvent] = []
    if let thinking = response.thinking, !thinking.isEmpty { events.append(.thinkingDelta(thinking)) }
    if let text = response.text, !text.isEmpty { events.append(.textDelta(text)) }
    for (index, call) in response.toolCalls.enumerated() {
      events.append(.toolCallStarted(index: index, id: call.id, name: call.name))
      events.append(.toolCallArgumentsDelta(index: index, fragment: OpenAIChatEncoder.argumentsText(call.arguments)))
    }
    if let usage = response.usage { events.append(.usage(usage)) }
    events.append(.completed(response))
    return events
  }

  /// Whether a body starts like server-sent events (a field or a comment),
  /// so a stream that produced no event was cut off rather than something else.
  static func looksLikeEventStream(_ start: Data) -> Bool {
    var text = Substring(String(decoding: start.prefix(64), as: UTF8.self))
    if text.first == "\u{FEFF}" { text = text.dropFirst() }
    text = text.drop { $0 == "\n" || $0 == "\r" }
    return ["data", "event", "id", "retry", ":"].contains { text.hasPrefix($0) }
  }
}

extension SSEEvent {
  /// The data parsed as JSON, or a typed error with a snippet.
  func json(secrets: [String]) throws -> JSONValue {
    if containsInvalidUTF8 {
      throw LanguageModelError.malformedResponse(
        reason: "an event is not valid UTF-8", snippet: LanguageModelError.snippet(of: data, secrets: secrets))
    }
    do {
      return try JSONParser.parse(Array(data.utf8))
    } catch {
      throw LanguageModelError.malformedResponse(
        reason: "an event's data is not JSON: \(error.reason)",
        snippet: LanguageModelError.snippet(of: data, secrets: secrets))
    }
  }
}

extension JSONValue {
  /// A non-negative token count in `key`, when present.
  func tokenCount(_ key: String) -> Int? {
    guard let value = self[key]?.intValue, value >= 0 else { return nil }
    return value
  }
}

import AgentSkillLLM

/// An on-device answer as the events of ``/AgentSkillLLM/LanguageModel/stream(_:)``.
enum FoundationAnswerStream {
  /// Streams what `answer` passes on as text deltas, then its tool calls, then exactly one `.completed`.
  ///
  /// - Parameters:
  ///   - mapError: Turns a thrown error into the one the stream ends with.
  ///   - answer: Produces the answer, passing each piece of text to the closure it receives.
  /// - Returns: The events; cancelling the consuming task cancels `answer`.
  static func make(
    mapError: @escaping @Sendable (any Error) -> any Error = { $0 },
    _ answer: @escaping @Sendable (_ onText: @escaping @Sendable (String) -> Void) async throws -> ChatResponse
  ) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
    AsyncThrowingStream { continuation in
      let task = Task {
        do {
          let response = try await answer { continuation.yield(.textDelta($0)) }
          for (index, call) in response.toolCalls.enumerated() {
            continuation.yield(.toolCallStarted(index: index, id: call.id, name: call.name))
            continuation.yield(.toolCallArgumentsDelta(index: index, fragment: call.arguments.rendered()))
          }
          continuation.yield(.completed(response))
          continuation.finish()
        } catch {
          continuation.finish(throwing: mapError(error))
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

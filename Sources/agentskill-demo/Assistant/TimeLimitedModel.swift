import AgentSkillLLM
import Foundation

/// A model whose every answer must arrive whole within `limit` (`--timeout`):
/// when it does not, the request is cancelled and fails with
/// ``LanguageModelError/timedOut(after:)``. This bounds the whole response,
/// however steadily it streams; the provider's own timeout still bounds
/// each silence between streamed pieces.
struct TimeLimitedModel: LanguageModel {
  let base: any LanguageModel
  let limit: Duration

  func respond(to request: ChatRequest) async throws -> ChatResponse {
    var response: ChatResponse?
    for try await event in stream(request) {
      if case .completed(let whole) = event { response = whole }
    }
    guard let response else { throw LanguageModelError.streamEndedEarly(reason: "no final event") }
    return response
  }

  func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
    let base = base
    let limit = limit
    return AsyncThrowingStream { continuation in
      let work = Task {
        do {
          for try await event in base.stream(request) { continuation.yield(event) }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      let timer = Task {
        try await Task.sleep(for: limit)
        continuation.finish(throwing: LanguageModelError.timedOut(after: limit))
        work.cancel()
      }
      continuation.onTermination = { _ in
        work.cancel()
        timer.cancel()
      }
    }
  }
}

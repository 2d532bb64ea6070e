/// A chat model that can call tools, answering whole or streamed.
///
/// ```swift
/// let model: any LanguageModel = OpenAICompatibleModel(baseURL: url, model: "gpt-4o-mini")
/// for try await event in model.stream(request) {
///   if case .textDelta(let text) = event { print(text, terminator: "") }
/// }
/// ```
public protocol LanguageModel: Sendable {
  /// Sends `request` and returns the whole answer.
  ///
  /// - Parameter request: The conversation and tools.
  /// - Returns: The assembled answer.
  /// - Throws: A provider error (HTTP status, rate limit, timeout, malformed response) or `CancellationError`.
  func respond(to request: ChatRequest) async throws -> ChatResponse

  /// Sends `request` and streams the answer; the stream ends with exactly one
  /// ``ChatStreamEvent/completed(_:)`` carrying the same response
  /// ``respond(to:)`` would return.
  ///
  /// - Parameter request: The conversation and tools.
  /// - Returns: The events; cancelling the consuming task cancels the request.
  func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatStreamEvent, any Error>
}

import AgentSkillLLM

/// Reads a whole stream into an array.
func collect<Element>(_ stream: AsyncThrowingStream<Element, any Error>) async throws -> [Element] {
  var elements: [Element] = []
  for try await element in stream { elements.append(element) }
  return elements
}

/// The error a throwing operation ended with, or `nil` when it succeeded.
func caughtError(_ operation: () async throws -> Void) async -> (any Error)? {
  do {
    try await operation()
    return nil
  } catch {
    return error
  }
}

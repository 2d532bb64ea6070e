extension LanguageModel {
  /// Asks the model for a value of type `T` and returns it decoded.
  ///
  /// ```swift
  /// struct Reminder: Decodable, Sendable {
  ///   let title: String
  ///   let due: Date
  /// }
  ///
  /// func reminder(from model: some LanguageModel) async throws -> Reminder {
  ///   try await model.generate(Reminder.self, prompt: "Remind me to call mum tomorrow at 9")
  /// }
  /// ```
  ///
  /// The request carries the schema as its ``ChatRequest/responseFormat``,
  /// which each provider sends in its own wire format. The answer is read
  /// leniently (code fences, text around the JSON, Python literals),
  /// validated against the schema and decoded; when it does not fit, the
  /// model is shown the validator's messages and asked again, at most
  /// `maximumRepairs` times.
  ///
  /// - Parameters:
  ///   - type: The type to generate.
  ///   - prompt: What to generate, as the user's message.
  ///   - instructions: A system message, such as the rules of the task.
  ///   - schema: The JSON Schema the answer must match; derived from `T` when `nil`.
  ///   - maximumRepairs: How many times to ask again after an invalid answer.
  /// - Returns: The decoded value.
  /// - Throws: ``TypedGenerationError`` listing the last answer's violations
  ///   and its raw text; ``SchemaDerivationError`` when `schema` is `nil` and
  ///   `T` cannot be described; ``SchemaError`` for an invalid `schema`; and
  ///   the model's own errors.
  public func generate<T: Decodable & Sendable>(
    _ type: T.Type,
    prompt: String,
    instructions: String? = nil,
    schema: JSONSchema? = nil,
    maximumRepairs: Int = 2
  ) async throws -> T {
    var generation = try TypedGeneration<T>(
      prompt: prompt, instructions: instructions, schema: schema, maximumRepairs: maximumRepairs)
    while true {
      try Task.checkCancellation()
      let response = try await respond(to: generation.request)
      switch generation.check(response.text ?? "") {
      case .value(let value, _): return value
      case .repair: continue
      case .failed(let error): throw error
      }
    }
  }

  /// Asks the model for a value of type `T`, with what has been parsed so far as the answer streams in.
  ///
  /// ```swift
  /// struct Reminder: Decodable, Sendable {
  ///   let title: String
  /// }
  ///
  /// func showReminder(from model: some LanguageModel) async throws {
  ///   for try await update in model.generateStream(Reminder.self, prompt: "Remind me to call mum at 9") {
  ///     switch update {
  ///     case .partial(let partial): print(partial.value.rendered(), partial.isComplete)
  ///     case .completed(let reminder): print(reminder.title)
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// Each ``TypedGenerationUpdate/partial(_:)`` holds the JSON read so far,
  /// unfinished strings, arrays and objects closed (a member whose value has
  /// not started is left out). The stream ends with
  /// ``TypedGenerationUpdate/completed(_:)`` and the decoded value. When the
  /// streamed answer does not fit the schema, the repairs are asked for as
  /// in ``generate(_:prompt:instructions:schema:maximumRepairs:)`` (their
  /// answers stream as partial values too).
  ///
  /// - Parameters:
  ///   - type: The type to generate.
  ///   - prompt: What to generate, as the user's message.
  ///   - instructions: A system message, such as the rules of the task.
  ///   - schema: The JSON Schema the answer must match; derived from `T` when `nil`.
  ///   - maximumRepairs: How many times to ask again after an invalid answer.
  /// - Returns: The partial values, then the decoded value; the errors of
  ///   ``generate(_:prompt:instructions:schema:maximumRepairs:)``.
  public func generateStream<T: Decodable & Sendable>(
    _ type: T.Type,
    prompt: String,
    instructions: String? = nil,
    schema: JSONSchema? = nil,
    maximumRepairs: Int = 2
  ) -> AsyncThrowingStream<TypedGenerationUpdate<T>, any Error> {
    let model = self
    return AsyncThrowingStream { continuation in
      let task = Task {
        do {
          var generation = try TypedGeneration<T>(
            prompt: prompt, instructions: instructions, schema: schema, maximumRepairs: maximumRepairs)
          while true {
            var text = ""
            var last: PartialJSONValue?
            for try await event in model.stream(generation.request) {
              switch event {
              case .textDelta(let fragment):
                text += fragment
                if let partial = PartialJSONValue(parsing: text), partial != last {
                  last = partial
                  continuation.yield(.partial(partial))
                }
              case .completed(let response):
                if let final = response.text, !final.isEmpty { text = final }
              default:
                break
              }
            }
            switch generation.check(text) {
            case .value(let value, let json):
              let complete = PartialJSONValue(value: json, isComplete: true)
              if complete != last { continuation.yield(.partial(complete)) }
              continuation.yield(.completed(value))
              continuation.finish()
              return
            case .repair:
              continue
            case .failed(let error):
              continuation.finish(throwing: error)
              return
            }
          }
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

/// One step of ``LanguageModel/generateStream(_:prompt:instructions:schema:maximumRepairs:)``.
public enum TypedGenerationUpdate<Value: Sendable>: Sendable {
  /// The JSON parsed so far.
  case partial(PartialJSONValue)
  /// The decoded value; the last update.
  case completed(Value)
}

import AgentSkill
import AgentSkillLLM
import Testing

@Suite("AnyToolSkill", .timeLimit(.minutes(5)))
struct AnyToolSkillTests {
  let weather = AnyToolSkill(ToolFixtures.Weather())

  @Test("valid arguments are decoded and the skill runs")
  func runs() async throws {
    let output = try await weather.run(["city": "北京"], context: ToolFixtures.context())
    #expect(output.summary == "北京今天多云 22°C，后天有雨")
    #expect(output.display == .keyValues(["城市": "北京", "天气": "多云", "温度": "22°C"]))
  }

  @Test("metadata is copied from the wrapped skill")
  func metadata() {
    #expect(weather.id == "weather")
    #expect(weather.name == "Weather")
    #expect(weather.displayName.resolved(languageTag: "en") == "Weather")
    #expect(weather.tags == ["weather"])
    #expect(weather.requiredPermission == nil)
    #expect(!weather.requiresConfirmation)
    #expect(weather.toolDefinition.name == "weather")
    #expect(weather.toolDefinition.parameters == ToolFixtures.Weather().inputSchema)
    #expect(weather.base(as: ToolFixtures.Weather.self)?.id == "weather")
    #expect(weather.base(as: ToolFixtures.Ledger.self) == nil)
    #expect(AnyToolSkill(weather).base(as: ToolFixtures.Weather.self) != nil)
  }

  @Test("an unsupported city is an invalid-arguments error the model can act on")
  func validatorViolation() async {
    let error = await ToolFixtures.thrown(ToolSkillError.self) {
      try await weather.run(["city": "纽约"], context: ToolFixtures.context())
    }
    #expect(
      error
        == .invalidArguments(
          skillID: "weather",
          violations: [
            SchemaViolation(
              path: "/city", keyword: "allowedValues", message: #""纽约" is not supported; supported: 北京, 上海, 广州, 深圳"#)
          ]))
    #expect(
      error?.description == """
        The arguments for tool "weather" are invalid:
        - /city: "纽约" is not supported; supported: 北京, 上海, 广州, 深圳
        Fix these arguments and call "weather" again.
        """)
    #expect(error?.isCorrectableByModel == true)
  }

  @Test("schema violations come first, and validators stay quiet about fields the schema flagged")
  func schemaThenValidators() async {
    let violations = await weather.validate(["city": 3, "days": 9])
    #expect(violations.map(\.path) == ["/city", "/days"])
    #expect(violations.map(\.keyword) == ["type", "maximum"])
    let missing = await weather.validate([:])
    #expect(missing.map(\.description) == ["/city: is required"])
    let both = await weather.validate(["city": "巴黎", "days": 0])
    #expect(both.map(\.keyword) == ["minimum", "allowedValues"])
  }

  @Test("null arguments count as an empty object")
  func nullArguments() async throws {
    let ping = AnyToolSkill(ToolSkillOf<EmptyToolInput>(id: "ping", description: "d") { _, _ in .text("pong") })
    #expect(try await ping.run(nil, context: ToolFixtures.context()).summary == "pong")
    #expect(try await ping.run([:], context: ToolFixtures.context()).summary == "pong")
    let prepared = try await ping.prepare(nil)
    #expect(prepared.arguments == [:])
    #expect(
      await ToolFixtures.thrown(ToolSkillError.self) { try await ping.run("x", context: ToolFixtures.context()) } != nil
    )
  }

  @Test("a type the schema allows but Input does not fit is a decoding error naming the field and type")
  func decodingTypeMismatch() async {
    let loose = AnyToolSkill(
      ToolSkillOf<ToolFixtures.Weather.Input>(id: "loose", description: "d", inputSchema: .object()) { _, _ in
        .text("")
      })
    let error = await ToolFixtures.thrown(ToolSkillError.self) {
      try await loose.run(["city": "北京", "days": "three"], context: ToolFixtures.context())
    }
    #expect(
      error
        == .decodingFailed(
          skillID: "loose", path: "/days", expectedType: "integer",
          problem: #"must be an integer, found string "three""#))
    #expect(
      error?.description
        == #"The arguments for tool "loose" do not fit its input: /days must be an integer, found string "three". "#
        + #"Fix the argument and call "loose" again."#)
    #expect(error?.violations.map(\.path) == ["/days"])
  }

  @Test("a missing member and a null are decoding errors too")
  func decodingMissingAndNull() async {
    let loose = AnyToolSkill(
      ToolSkillOf<ToolFixtures.Weather.Input>(id: "loose", description: "d", inputSchema: .object()) { _, _ in
        .text("")
      })
    let missing = await ToolFixtures.thrown(ToolSkillError.self) { try await loose.prepare([:]) }
    #expect(missing == .decodingFailed(skillID: "loose", path: "/city", expectedType: nil, problem: "is required"))
    let null = await ToolFixtures.thrown(ToolSkillError.self) { try await loose.prepare(["city": nil]) }
    if case .decodingFailed(_, let path, _, _)? = null {
      #expect(path == "/city")
    } else {
      Issue.record("expected a decoding failure, got \(String(describing: null))")
    }
    let object = await ToolFixtures.thrown(ToolSkillError.self) { try await loose.prepare(["city": ["a": 1]]) }
    #expect(object?.description.contains("/city must be a string, found an object") == true)
  }

  @Test("an invalid enum raw value is reported with the decoder's reason")
  func decodingInvalidValue() async {
    enum Unit: String, Decodable, Sendable {
      case celsius, fahrenheit
    }
    struct Input: Decodable, Sendable {
      let unit: Unit
    }
    let skill = AnyToolSkill(
      ToolSkillOf<Input>(id: "units", description: "d", inputSchema: .object()) { _, _ in .text("") })
    let error = await ToolFixtures.thrown(ToolSkillError.self) { try await skill.prepare(["unit": "kelvin"]) }
    guard case .decodingFailed(_, let path, _, let problem)? = error else {
      Issue.record("expected a decoding failure, got \(String(describing: error))")
      return
    }
    #expect(path == "/unit")
    #expect(problem.hasPrefix("has an invalid value"))
  }

  @Test("raw JSON input is passed through untouched")
  func rawInput() async throws {
    let echo = AnyToolSkill(
      ToolSkillOf<JSONValue>(id: "echo", description: "d", inputSchema: .object()) { input, _ in .text(input.rendered())
      })
    #expect(try await echo.run(["b": 1, "a": 2], context: ToolFixtures.context()).summary == #"{"b":1,"a":2}"#)
  }

  @Test("a skill's own failure is wrapped with the tool's id")
  func executionFailure() async {
    let failing = AnyToolSkill(
      ToolSkillOf<EmptyToolInput>(id: "down", description: "d") { _, _ in throw ToolFixtures.ServiceDown() })
    let error = await ToolFixtures.thrown(ToolSkillError.self) {
      try await failing.run([:], context: ToolFixtures.context())
    }
    #expect(error == .executionFailed(skillID: "down", underlying: ToolFixtures.ServiceDown()))
    #expect(error?.isCorrectableByModel == false)
    #expect(error?.description.hasPrefix(#"The tool "down" failed: weather service unreachable."#) == true)
    #expect(error?.violations.isEmpty == true)
  }

  @Test("a ToolSkillError thrown by the skill passes through unchanged")
  func lateValidation() async {
    let late = AnyToolSkill(
      ToolSkillOf<EmptyToolInput>(id: "late", description: "d") { _, _ in
        throw ToolSkillError.invalidArguments(
          skillID: "late", violations: [SchemaViolation(path: "/x", keyword: "custom", message: "is taken")])
      })
    let error = await ToolFixtures.thrown(ToolSkillError.self) {
      try await late.run([:], context: ToolFixtures.context())
    }
    #expect(error?.violations.first?.message == "is taken")
  }

  @Test("secrets in an underlying error are redacted from the message")
  func redaction() async {
    struct Leaky: Error, CustomStringConvertible {
      var description: String { "401 for Authorization: Bearer sk-abcdefghijklmnopqrstuv" }
    }
    let failing = AnyToolSkill(ToolSkillOf<EmptyToolInput>(id: "leaky", description: "d") { _, _ in throw Leaky() })
    let error = await ToolFixtures.thrown(ToolSkillError.self) {
      try await failing.run([:], context: ToolFixtures.context())
    }
    #expect(error?.description.contains("sk-abcdefghijklmnopqrstuv") == false)
    #expect(error?.description.contains(SecretRedactor.placeholder) == true)
  }

  @Test("cancellation is never wrapped")
  func cancellation() async {
    let checking = AnyToolSkill(
      ToolSkillOf<EmptyToolInput>(id: "checks", description: "d") { _, context in
        try context.checkCancellation()
        return .text("ran")
      })
    let gate = AsyncStream<Void>.makeStream()
    let task = Task {
      for await _ in gate.stream {}
      return try await checking.run([:], context: ToolFixtures.context())
    }
    task.cancel()
    gate.continuation.finish()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
  }

  @Test("another error thrown after cancellation becomes CancellationError")
  func cancellationWithOtherError() async {
    let failing = AnyToolSkill(
      ToolSkillOf<EmptyToolInput>(id: "slow", description: "d") { _, _ in throw ToolFixtures.ServiceDown() })
    let gate = AsyncStream<Void>.makeStream()
    let task = Task {
      for await _ in gate.stream {}
      return try await failing.run([:], context: ToolFixtures.context())
    }
    task.cancel()
    gate.continuation.finish()
    let result = await task.result
    #expect(throws: CancellationError.self) { try result.get() }
  }

  @Test("prepare validates and decodes before anything runs; the prepared call runs later")
  func prepareThenRun() async throws {
    let runs = LockIsolated(0)
    let reminder = AnyToolSkill(
      ToolSkillOf<ToolFixtures.Reminder.Input>(
        id: "remind", description: "d", inputSchema: ToolFixtures.Reminder().inputSchema, requiresConfirmation: true
      ) { input, _ in
        runs.withValue { $0 += 1 }
        return .text(input.title)
      })
    let prepared = try await reminder.prepare(["title": "周会", "at": "2025-06-03T15:00:00+08:00"])
    #expect(prepared.requiresConfirmation)
    #expect(prepared.skillID == "remind")
    #expect(runs.value == 0)
    #expect(try await prepared.run(environment: SkillEnvironment()).summary == "周会")
    #expect(runs.value == 1)
    #expect(await ToolFixtures.thrown(ToolSkillError.self) { try await reminder.prepare(["title": "x"]) } != nil)
    #expect(runs.value == 1)
  }

  @Test("EmptyToolInput skills get an empty object schema")
  func emptyInputSchema() {
    let skill = ToolFixtures.keywordSkill("noop")
    #expect(skill.inputSchema.json == ["type": "object", "properties": [:]])
  }
}

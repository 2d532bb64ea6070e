import AgentSkillLLM
import Foundation

/// A deterministic, offline ``/AgentSkillLLM/LanguageModel``: picks a tool, fills its
/// arguments from the user's words, and writes answers from tool summaries —
/// no network, no weights. The fallback when no model is configured, and a
/// stable model for demos and tests.
///
/// ```swift
/// let registry = SkillRegistry()
/// try registry.register(WeatherSkill())
/// let model = RuleBasedModel(registry: registry)   // reads the skills' entity lists
///
/// let first = try await model.respond(to: ChatRequest(messages: [.user("北京天气怎么样")], tools: tools))
/// // first.toolCalls == [ToolCall(id: "call_1", name: "weather", arguments: ["city": "北京", "language": "zh"])]
/// ```
///
/// **Per request**, looking at the last message:
///
/// * **A user message with tools offered** — picks a tool and calls it, or
///   asks for what is missing. Tools are expected ranked best first, as
///   ``/AgentSkillLLM/SkillRegistry/match(_:limit:threshold:)`` returns them; each is also
///   scored by the words of its name and description found in the text
///   (Chinese by pairs of characters, other languages by words), so the model
///   also works with an unranked list. When nothing scores and the text is
///   small talk ("你今天吃了吗"), it chats instead of calling a tool.
/// * **Tool results** — answers from their summaries. When a result says the
///   arguments were invalid, it corrects the call if a supported value is
///   evident (the rejected `北京市` contains the supported `北京`; the user
///   named one), at most ``maximumCorrections`` times, else asks the user,
///   listing the supported values in the user's script.
/// * **No tools** — a short reply: greetings, thanks, what it can do.
///
/// Replies are in the language of the user's last message: Chinese when it
/// contains Chinese characters, else English.
///
/// **Filling arguments** from the tool's JSON Schema:
///
/// | Argument | Filled from |
/// |---|---|
/// | `language`, `locale` (string) | the user's language: `zh` / `en`, or the closest `enum` value |
/// | a string `enum`, or known values | the longest listed value the text names |
/// | `format: date`, or a name with `date` | `今天`, `明天`, `上周三`, `下周一`, `本周五`, `3月5日`, `today`, `last Wednesday`, `2026-03-04` → `2026-03-04` |
/// | a start/end pair (`from`/`to`, `startDate`/`endDate`) | a day, or a span: `上周`, `本月`, `最近7天`, `last week`, `the past 3 days` |
/// | `format: date-time`, or `at`/`when`/`…At` | a day and a time (`明天下午三点`, `tomorrow at 3pm`), or `两小时后` / `in 2 hours`, as RFC 3339 in ``timeZone`` |
/// | `format: time` | `下午三点`, `15:00`, `3:30pm` → `15:00` |
/// | `integer`, `number` | numbers (`3`, `35.5`, `三天`), matched to the argument by unit (`days` ↔ `天`) |
/// | a required string | the words left over: `明天下午三点提醒我开周会` → `开周会` |
///
/// Weeks start on Monday. `上周三` is Wednesday of the previous week;
/// `last Wednesday` is the most recent Wednesday before today and `next
/// Wednesday` the first one after it. A bare weekday (`周三`, `Wednesday`)
/// is this week's, except for a forecast (a tool whose description says
/// `forecast` or `预报`) or a moment (`at`), where it is the next one, today
/// included. A bare hour from 1 to 6 (`三点`, `at 3`) is read as the afternoon.
///
/// **Entity lists.** Validators are not part of a tool definition, so the
/// values they accept reach the model through ``knownValues`` (tool name →
/// JSON Pointer → values), filled from a registry by ``init(registry:timeZone:now:streamingPace:clock:)``.
/// A required list argument the text does not name gets the leftover words
/// (`纽约`), so the validator can reject them and the model can ask.
///
/// **Keywords.** The skills' keywords (``keywords``, read from a registry)
/// score the tools like the words of their descriptions — the longer keyword
/// wins a tie ("my reminders" over "reminder") — and are never taken for a
/// list value: `会下雨吗` asks for the city. A text that names only a list
/// value and asks for something else (`北京有什么好吃的`) gets no tool.
///
/// **Follow-ups and corrections** keep the previous call's other arguments:
/// `那上海呢`, `只看交通`, `不是北京，是上海`, `我是说本周`, `no, make it 10am`
/// (a time alone keeps the previous day).
///
/// Missing required arguments are asked for in plain words, with no tool
/// call: `请问要哪个城市（可选：北京、上海、广州等）？`.
public struct RuleBasedModel: LanguageModel, CustomStringConvertible {
  /// Accepted values per tool name, then per JSON Pointer: `["weather": ["/city": ["北京", "上海"]]]`.
  public typealias KnownValues = [String: [String: [String]]]

  /// How many times in a row the model corrects rejected arguments before asking the user.
  public static let maximumCorrections = 2

  /// The values the tools' validators accept, per tool name and argument path.
  public var knownValues: KnownValues
  /// The skills' keywords per tool name (`["weather": ["天气", "下雨", "rain"]]`): they score a tool
  /// against the text, and a keyword is never taken for a listed value (`会下雨吗` names no city).
  public var keywords: [String: [String]]
  /// What the assistant can do, named in greetings and when no tool fits.
  public var capabilities: [LocalizedText]
  /// The time zone dates and times are read and written in.
  public var timeZone: TimeZone
  /// The current moment; inject a fixed one for deterministic tests.
  public var now: @Sendable () -> Date
  /// A pause before each streamed text piece, so terminals show the answer
  /// arriving; `nil` streams everything at once.
  public var streamingPace: Duration?
  /// The clock ``streamingPace`` runs on.
  public var clock: any Clock<Duration>

  /// Creates a model.
  ///
  /// - Parameters:
  ///   - knownValues: Accepted values per tool name and JSON Pointer (`/city`).
  ///   - keywords: The skills' keywords per tool name. Defaults to none.
  ///   - capabilities: What the assistant can do, such as skill display names.
  ///   - timeZone: The time zone for dates and times. Defaults to the system's.
  ///   - now: The current moment. Defaults to the system clock.
  ///   - streamingPace: A pause before each streamed text piece. Defaults to none.
  ///   - clock: The clock for the pace. Defaults to `ContinuousClock`.
  public init(
    knownValues: KnownValues = [:],
    keywords: [String: [String]] = [:],
    capabilities: [LocalizedText] = [],
    timeZone: TimeZone = .current,
    now: @escaping @Sendable () -> Date = { Date() },
    streamingPace: Duration? = nil,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.knownValues = knownValues
    self.keywords = keywords
    self.capabilities = capabilities
    self.timeZone = timeZone
    self.now = now
    self.streamingPace = streamingPace
    self.clock = clock
  }

  /// `RuleBasedModel(offline, 3 tools with known values)`.
  public var description: String {
    "RuleBasedModel(offline, \(knownValues.count) tool\(knownValues.count == 1 ? "" : "s") with known values)"
  }

  /// Answers `request`.
  ///
  /// - Parameter request: The conversation and tools.
  /// - Returns: A tool call, a question or an answer; see ``reply(to:)``.
  /// - Throws: `CancellationError` when the task is cancelled;
  ///   ``OfflineStructuredOutputError`` when a JSON answer cannot be read from the text.
  public func respond(to request: ChatRequest) async throws -> ChatResponse {
    try Task.checkCancellation()
    if case .json = request.responseFormat { return try structuredReply(to: request) }
    return reply(to: request)
  }

  /// Streams the answer: text in word-sized pieces (one per Chinese
  /// character), a tool call as one start and one arguments event, then
  /// exactly one `.completed` equal to ``respond(to:)``'s answer.
  ///
  /// - Parameter request: The conversation and tools.
  /// - Returns: The events; cancelling the consuming task ends the stream.
  public func stream(_ request: ChatRequest) -> AsyncThrowingStream<ChatStreamEvent, any Error> {
    let events: [ChatStreamEvent]
    do {
      events = Self.events(for: try structuredReply(to: request))
    } catch {
      return AsyncThrowingStream { $0.finish(throwing: error) }
    }
    guard let pace = streamingPace, pace > .zero else {
      return AsyncThrowingStream { continuation in
        for event in events { continuation.yield(event) }
        continuation.finish()
      }
    }
    let clock = self.clock
    return AsyncThrowingStream { continuation in
      let task = Task {
        do {
          for event in events {
            if case .textDelta = event { try await clock.sleep(for: pace) }
            continuation.yield(event)
          }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  /// The answer to `request`, computed synchronously; ``respond(to:)`` and
  /// ``stream(_:)`` deliver it.
  ///
  /// - Parameter request: The conversation and tools.
  /// - Returns: A response with either tool calls (`finishReason` `.toolCalls`) or text (`.stop`).
  public func reply(to request: ChatRequest) -> ChatResponse {
    OfflineConversation(model: self, request: request).reply()
  }

  /// The stream events for a response.
  static func events(for response: ChatResponse) -> [ChatStreamEvent] {
    var events: [ChatStreamEvent] = []
    if let text = response.text {
      events += TextChunks.split(text).map(ChatStreamEvent.textDelta)
    }
    for (index, call) in response.toolCalls.enumerated() {
      events.append(.toolCallStarted(index: index, id: call.id, name: call.name))
      events.append(.toolCallArgumentsDelta(index: index, fragment: call.arguments.rendered()))
    }
    events.append(.completed(response))
    return events
  }
}

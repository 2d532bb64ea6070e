import AgentSkillLLM
import Foundation

/// JSON rendering: a chat request body (a conversation with quotes, line
/// breaks, CJK text and emoji, and tool schemas) rendered by
/// `JSONValue.rendered()`, versus `JSONSerialization` writing the same
/// value as Foundation objects. No target: the figure is reported.
struct JSONRenderBench: BenchSuite {
  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult] {
    let name = "json.render_request_body"
    guard selected(name, filter) else { return [] }
    let body = Self.requestBody()
    let foundation = Self.foundationObject(body)
    let bytes = body.rendered().utf8.count
    let iterations = scale.iterations(2_000)
    let times = await compare(
      rounds: scale.rounds, iterations: iterations,
      subject: { runs in
        var total = 0
        for _ in 0..<runs { total &+= body.rendered().utf8.count }
        blackHole(total)
      },
      baseline: { runs in
        var total = 0
        for _ in 0..<runs {
          total &+= (try? JSONSerialization.data(withJSONObject: foundation, options: [.fragmentsAllowed]))?.count ?? 0
        }
        blackHole(total)
      })
    return [
      BenchResult(
        name: name, iterations: iterations,
        fields: [
          ("bytes", .integer(bytes)), ("ns_per_op", .number(times.subject)),
          ("baseline_ns_per_op", .number(times.baseline)), ("ratio", .number(times.subject / times.baseline)),
          ("mb_per_s", .number(Double(bytes) / 1_048_576 / (times.subject / 1e9))),
        ])
    ]
  }

  /// A request body of 40 messages and 10 tools.
  static func requestBody() -> JSONValue {
    let texts = [
      #"Plan my week: "gym" on Monday,\n"dentist" Tuesday at 9:30 — and remind me the day before.\tThanks!"#,
      "帮我查一下上周三的记账明细，然后按类别汇总，并告诉我哪一类花得最多。",
      "Weather in Zürich tomorrow? ☀️🌧️ Should I take an umbrella to the café?",
      #"The path is C:\Users\me\notes.txt and the regex is ^\d+$; keep both as written."#,
    ]
    var messages: [JSONValue] = []
    for index in 0..<40 {
      let role = index % 2 == 0 ? "user" : "assistant"
      messages.append(["role": .string(role), "content": .string(texts[index % texts.count])])
    }
    var tools: [JSONValue] = []
    for index in 0..<10 {
      tools.append([
        "type": "function",
        "function": [
          "name": .string("tool_\(index)"),
          "description": .string("Looks up item \(index) and returns a \"summary\" of it."),
          "parameters": [
            "type": "object",
            "properties": [
              "city": ["type": "string", "description": "The city, such as \"Paris\" or 上海."],
              "days": ["type": "integer", "minimum": 1, "maximum": 14],
              "units": ["type": "string", "enum": ["metric", "imperial"]],
            ],
            "required": ["city"],
          ],
        ],
      ])
    }
    return [
      "model": "gpt-4o-mini", "stream": true, "temperature": 0.2, "messages": .array(messages),
      "tools": .array(tools),
    ]
  }

  /// The same value as Foundation objects, for `JSONSerialization`.
  static func foundationObject(_ value: JSONValue) -> Any {
    switch value {
    case .null: NSNull()
    case .bool(let value): value
    case .integer(let value): value
    case .bigInteger(let value): NSDecimalNumber(string: value.description)
    case .number(let value): value
    case .string(let value): value
    case .array(let elements): elements.map(foundationObject)
    case .object(let object):
      Dictionary(object.members.map { ($0.key, foundationObject($0.value)) }, uniquingKeysWith: { first, _ in first })
    }
  }
}

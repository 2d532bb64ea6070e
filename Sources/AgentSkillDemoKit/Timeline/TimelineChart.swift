import AgentSkill
import Foundation

/// What the timeline page draws, read from an exported ``AgentTimelineDocument``:
/// one bar per skill run (the agent's own skills, and the tools a chat
/// agent called), the phases, the intents and the effects.
///
/// Agent skills come from `skillStarted` / `skillFinished` entries. Tool
/// calls and phases come from a chat agent's `callFinished(…)` and
/// `transition(…)` effect descriptions; other agents simply have none.
package struct TimelineChart: Sendable {
  /// One run of a skill.
  package struct Bar: Sendable, Hashable {
    /// The lane: the skill's name.
    package var lane: String
    /// A longer label (the tool's display name), when known.
    package var label: String
    /// Start, in milliseconds since the timeline started.
    package var start: Double
    /// End, in milliseconds.
    package var end: Double
    /// `succeeded`, `failed`, `cancelled`, `denied`, `fellThrough` or `running`.
    package var status: String
    /// The intent run it belongs to.
    package var run: Int?
    /// Whether it is a tool the model called (rather than one of the agent's skills).
    package var isTool: Bool
    /// Why it failed or was cancelled (the error's text), when known.
    package var detail: String? = nil

    /// The length in milliseconds.
    package var duration: Double { max(0, end - start) }
  }

  /// A stretch of time in one phase.
  package struct PhaseSpan: Sendable, Hashable {
    /// `executing(weather)`.
    package var phase: String
    /// Start, in milliseconds.
    package var start: Double
    /// End, in milliseconds.
    package var end: Double
  }

  /// An intent or effect, for the lists.
  package struct Item: Sendable, Hashable {
    /// The entry's sequence number.
    package var sequence: Int
    /// When, in milliseconds.
    package var offset: Double
    /// The run.
    package var run: Int?
    /// The description, as exported.
    package var text: String

    /// One readable line (``TimelineEffectText/summary(of:)``).
    package var summary: String { TimelineEffectText.summary(of: text) }
    /// The whole value, readable (``TimelineEffectText/readable(_:)``).
    package var full: String { TimelineEffectText.readable(text) }
  }

  /// One request a provider answered: its status, how long the answer
  /// took, and the wait before the next attempt when it is retried.
  package struct Attempt: Sendable, Hashable {
    /// The intent run it belongs to.
    package var run: Int?
    /// 1 for the first request of a model call, 2 for its first retry, …
    package var number: Int
    /// The HTTP status.
    package var status: Int
    /// When the request was sent, ms.
    package var start: Double
    /// When its answer arrived, ms.
    package var end: Double
    /// The wait before the retry, ms; `nil` when it was not retried.
    package var wait: Double?
    /// The provider's message, for an error status.
    package var message: String?

    /// `ok` (2xx), `limited` (429) or `error`.
    package var kind: String {
      switch status {
      case 200..<300: "ok"
      case 429: "limited"
      default: "error"
      }
    }
  }

  /// How one intent run ended.
  package struct Run: Sendable, Hashable {
    /// The run's number.
    package var run: Int
    /// The intent, as exported.
    package var intent: String
    /// When it arrived, ms.
    package var start: Double
    /// When its last entry was recorded, ms.
    package var end: Double
    /// `succeeded`, `failed`, `cancelled` or `running`.
    package var outcome: String
    /// The error's or the cancellation's text.
    package var detail: String?
  }

  /// Per-skill totals for the duration table.
  package struct Total: Sendable, Hashable {
    /// The skill.
    package var lane: String
    /// Whether it is a tool.
    package var isTool: Bool
    /// How many runs.
    package var count: Int
    /// Their summed duration, ms.
    package var total: Double
    /// The longest run, ms.
    package var maximum: Double
  }

  /// Every skill run, in start order.
  package private(set) var bars: [Bar] = []
  /// The phases, in order.
  package private(set) var phases: [PhaseSpan] = []
  /// The intents received.
  package private(set) var intents: [Item] = []
  /// The effects applied (and dropped).
  package private(set) var effects: [Item] = []
  /// The provider requests, in order (from a chat agent's `modelAttempt(…)` effects).
  package private(set) var attempts: [Attempt] = []
  /// Every intent run, in order, with how it ended.
  package private(set) var runs: [Run] = []
  /// The last offset, ms.
  package private(set) var length: Double = 0

  /// Reads `document`.
  package init(_ document: AgentTimelineDocument) {
    var open: [String: (skill: String, start: Double, run: Int?)] = [:]
    var phaseStart: (String, Double, Int?)?
    var runIndex: [Int: Int] = [:]
    var finishedRuns: Set<Int> = []
    for entry in document.entries {
      let offset = entry.offsetMilliseconds
      length = max(length, offset)
      if let run = entry.run, let index = runIndex[run] { runs[index].end = max(runs[index].end, offset) }
      switch entry.kind {
      case .intentReceived:
        intents.append(Item(sequence: entry.sequence, offset: offset, run: entry.run, text: entry.intent ?? ""))
        if let run = entry.run, runIndex[run] == nil {
          runIndex[run] = runs.count
          runs.append(Run(run: run, intent: entry.intent ?? "", start: offset, end: offset, outcome: "running"))
        }
      case .skillStarted:
        if let skill = entry.skill { open[Self.key(skill, entry.run)] = (skill, offset, entry.run) }
      case .skillFinished, .skillFailed, .skillCancelled, .skillFellThrough:
        guard let skill = entry.skill else { continue }
        let key = Self.key(skill, entry.run)
        let start = open.removeValue(forKey: key)?.start ?? (offset - (entry.durationMilliseconds ?? 0))
        let status: String
        switch entry.kind {
        case .skillFailed: status = "failed"
        case .skillCancelled: status = "cancelled"
        case .skillFellThrough: status = "fellThrough"
        default: status = "succeeded"
        }
        let detail = status == "failed" || status == "cancelled" ? entry.message : nil
        bars.append(
          Bar(
            lane: skill, label: skill, start: start, end: offset, status: status, run: entry.run, isTool: false,
            detail: detail))
        if let run = entry.run, let index = runIndex[run], status != "fellThrough" {
          finishedRuns.insert(run)
          if runs[index].outcome == "running" || status != "succeeded" && runs[index].outcome == "succeeded" {
            runs[index].outcome = status
            runs[index].detail = detail ?? runs[index].detail
          }
        }
        if let current = phaseStart, current.2 == entry.run, entry.kind != .skillFellThrough {
          phases.append(PhaseSpan(phase: current.0, start: current.1, end: offset))
          phaseStart = nil
        }
      case .effectApplied, .effectDropped:
        let text = entry.effect ?? ""
        effects.append(Item(sequence: entry.sequence, offset: offset, run: entry.run, text: text))
        if let outcome = Self.outcome(of: text), let run = entry.run, let index = runIndex[run] {
          runs[index].outcome = outcome.status
          runs[index].detail = outcome.detail
        }
        if var attempt = Self.attempt(in: text, at: offset) {
          attempt.run = entry.run
          attempts.append(attempt)
        } else if let phase = Self.transition(in: text) {
          if let current = phaseStart { phases.append(PhaseSpan(phase: current.0, start: current.1, end: offset)) }
          phaseStart = phase == "idle" ? nil : (phase, offset, entry.run)
        } else if let call = Self.finishedCall(in: text) {
          bars.append(
            Bar(
              lane: call.name, label: call.displayName, start: max(0, offset - call.duration), end: offset,
              status: call.status, run: entry.run, isTool: true))
        }
      default:
        break
      }
    }
    // Runs still open at the end, in start order (then skill and run): a dictionary's order differs between
    // two charts of the same timeline.
    let stillOpen = open.values.sorted { ($0.start, $0.skill, $0.run ?? .min) < ($1.start, $1.skill, $1.run ?? .min) }
    for value in stillOpen {
      bars.append(
        Bar(
          lane: value.skill, label: value.skill, start: value.start, end: length, status: "running", run: value.run,
          isTool: false))
    }
    if let current = phaseStart { phases.append(PhaseSpan(phase: current.0, start: current.1, end: length)) }
    for index in runs.indices where runs[index].outcome == "running" && finishedRuns.contains(runs[index].run) {
      runs[index].outcome = "succeeded"
    }
    // A run that ended in a failure or a cancellation its skill caught (a chat
    // turn reports `turnFailed` and returns) is drawn as what it was.
    let outcomes = Dictionary(runs.map { ($0.run, $0) }, uniquingKeysWith: { first, _ in first })
    for index in bars.indices where !bars[index].isTool && bars[index].status == "succeeded" {
      guard let run = bars[index].run, let outcome = outcomes[run],
        outcome.outcome == "failed" || outcome.outcome == "cancelled"
      else { continue }
      bars[index].status = outcome.outcome
      bars[index].detail = outcome.detail
    }
    // Start order, agent skills before tools; bars that start together keep the order they were recorded in.
    bars = bars.enumerated().sorted { Self.precedes($0, $1) }.map(\.element)
  }

  private static func precedes(_ first: (offset: Int, element: Bar), _ second: (offset: Int, element: Bar)) -> Bool {
    (first.element.start, first.element.isTool ? 1 : 0, first.offset)
      < (second.element.start, second.element.isTool ? 1 : 0, second.offset)
  }

  /// The runs that failed or were cancelled.
  package var unsuccessfulRuns: [Run] {
    runs.filter { $0.outcome == "failed" || $0.outcome == "cancelled" }
  }

  /// The lanes, agent skills first, each in order of first use.
  package var lanes: [(name: String, isTool: Bool)] {
    var seen: Set<String> = []
    var agent: [(String, Bool)] = []
    var tools: [(String, Bool)] = []
    for bar in bars where seen.insert(bar.lane).inserted {
      if bar.isTool { tools.append((bar.lane, true)) } else { agent.append((bar.lane, false)) }
    }
    return agent + tools
  }

  /// Totals per lane, in lane order.
  package var totals: [Total] {
    lanes.map { lane in
      let runs = bars.filter { $0.lane == lane.name && $0.isTool == lane.isTool }
      return Total(
        lane: lane.name, isTool: lane.isTool, count: runs.count, total: runs.reduce(0) { $0 + $1.duration },
        maximum: runs.map(\.duration).max() ?? 0)
    }
  }

  private static func key(_ skill: String, _ run: Int?) -> String {
    "\(skill)#\(run.map(String.init) ?? "-")"
  }

  // MARK: Reading chat effect descriptions

  /// `turnFailed(…)` → failed with the error's text. (A cancelled turn is its
  /// skill's `skillCancelled`; the `interrupted` effect belongs to the run that
  /// cancelled it, which succeeded.)
  static func outcome(of effect: String) -> (status: String, detail: String)? {
    guard effect.hasPrefix("turnFailed(") else { return nil }
    return ("failed", TimelineEffectText.errorText(in: String(effect.dropFirst("turnFailed(".count).dropLast())))
  }

  /// The provider request in a `modelAttempt(ProviderAttempt(number: 2, status: 429, …))`
  /// description, ending at `offset`.
  static func attempt(in effect: String, at offset: Double) -> Attempt? {
    guard effect.hasPrefix("modelAttempt(") else { return nil }
    let value = TimelineEffectText.readable(effect)
    guard let number = TimelineEffectText.field("number", in: value).flatMap({ Int($0) }),
      let status = TimelineEffectText.field("status", in: value).flatMap({ Int($0) })
    else { return nil }
    let duration = TimelineEffectText.field("duration", in: value).flatMap(TimelineEffectText.seconds(in:)) ?? 0
    let wait = TimelineEffectText.field("waitBeforeRetry", in: value).flatMap(TimelineEffectText.seconds(in:))
    var message = TimelineEffectText.field("message", in: value)
    if let text = message, text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
      message = String(text.dropFirst().dropLast())
    }
    return Attempt(
      run: nil, number: number, status: status, start: max(0, offset - duration * 1000), end: offset,
      wait: wait.map { $0 * 1000 }, message: message)
  }

  /// `transition(executing(weather))` → `executing(weather)`.
  static func transition(in effect: String) -> String? {
    guard effect.hasPrefix("transition("), effect.hasSuffix(")") else { return nil }
    return String(effect.dropFirst("transition(".count).dropLast())
  }

  /// The tool call in a `callFinished(…)` description: name, display name, status and duration (ms).
  static func finishedCall(in effect: String) -> (name: String, displayName: String, status: String, duration: Double)?
  {
    guard effect.hasPrefix("callFinished(") else { return nil }
    guard let name = quoted(after: "skillID: Optional(\"", in: effect) ?? quoted(after: "name: \"", in: effect) else {
      return nil
    }
    let displayName = quoted(after: "displayName: \"", in: effect) ?? name
    var status = "succeeded"
    if let range = effect.range(of: "Status.") {
      status = String(effect[range.upperBound...].prefix { $0.isLetter })
    }
    var duration = 0.0
    if let range = effect.range(of: "duration: Optional(") {
      let number = effect[range.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "e" || $0 == "-" }
      duration = (Double(number) ?? 0) * 1000
    }
    return (name, displayName, status, duration)
  }

  private static func quoted(after marker: String, in text: String) -> String? {
    guard let range = text.range(of: marker) else { return nil }
    let rest = text[range.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    return String(rest[..<end])
  }
}

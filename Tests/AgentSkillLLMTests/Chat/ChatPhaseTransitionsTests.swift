import AgentSkillLLM
import Testing

@Suite("ChatPhaseTransitions", .timeLimit(.minutes(5)))
struct AgentPhaseTransitionsTests {
  /// The legal steps, written out independently of the table under test.
  static let legal: Set<String> = [
    "idle→analyzing",
    "analyzing→selectingSkill", "analyzing→responding", "analyzing→idle", "analyzing→failed",
    "selectingSkill→executing", "selectingSkill→responding", "selectingSkill→idle", "selectingSkill→failed",
    "executing→executing", "executing→awaitingConfirmation", "executing→selectingSkill", "executing→responding",
    "executing→idle", "executing→failed",
    "awaitingConfirmation→executing", "awaitingConfirmation→awaitingConfirmation",
    "awaitingConfirmation→selectingSkill", "awaitingConfirmation→idle", "awaitingConfirmation→failed",
    "responding→executing", "responding→idle", "responding→failed",
    "failed→analyzing", "failed→idle",
  ]

  /// One phase of each kind, with values.
  static func sample(_ kind: ChatPhase.Kind, _ value: String = "a") -> ChatPhase {
    switch kind {
    case .idle: .idle
    case .analyzing: .analyzing
    case .selectingSkill: .selectingSkill
    case .executing: .executing(skillID: value)
    case .awaitingConfirmation: .awaitingConfirmation(skillID: value)
    case .responding: .responding
    case .failed: .failed(value)
    }
  }

  @Test(arguments: ChatPhase.Kind.allCases)
  func everyPairFromKindIsLegalOrIllegalPerTheTable(from: ChatPhase.Kind) {
    for to in ChatPhase.Kind.allCases {
      let expected = Self.legal.contains("\(from.rawValue)→\(to.rawValue)")
      #expect(ChatPhaseTransitions.allows(from: from, to: to) == expected, "\(from) → \(to)")
      // With values that differ, the kinds decide.
      #expect(
        ChatPhaseTransitions.allows(Self.sample(from, "a"), Self.sample(to, "b")) == expected
          || (from == to && Self.sample(from, "a") == Self.sample(to, "b")),
        "\(from) → \(to)")
    }
  }

  @Test func theTableCoversEveryKindAndCountsTwentyFiveSteps() {
    #expect(Set(ChatPhaseTransitions.table.keys) == Set(ChatPhase.Kind.allCases))
    #expect(ChatPhaseTransitions.table.values.map(\.count).reduce(0, +) == Self.legal.count)
  }

  @Test(arguments: ChatPhase.Kind.allCases)
  func stayingInTheSamePhaseIsAlwaysAllowed(kind: ChatPhase.Kind) {
    let phase = Self.sample(kind)
    #expect(ChatPhaseTransitions.allows(phase, phase))
  }

  @Test func theChatFlowRules() {
    #expect(!ChatPhaseTransitions.allows(.idle, .executing(skillID: "weather")))
    #expect(!ChatPhaseTransitions.allows(.awaitingConfirmation(skillID: "reminder"), .responding))
    #expect(ChatPhaseTransitions.allows(.executing(skillID: "weather"), .executing(skillID: "ledger")))
    #expect(!ChatPhaseTransitions.allows(.failed("a"), .failed("b")))
    #expect(ChatPhaseTransitions.allows(.failed("network"), .analyzing))
  }

  @Test func rejectionDescribesTheAllowedSteps() {
    let rejection = PhaseTransitionRejection(from: .idle, to: .executing(skillID: "weather"))
    #expect(
      rejection.description
        == "illegal phase transition idle → executing(weather) rejected; allowed from idle: analyzing"
    )
  }

  @Test func phaseAccessors() {
    #expect(ChatPhase.executing(skillID: "weather").skillID == "weather")
    #expect(ChatPhase.awaitingConfirmation(skillID: "reminder").skillID == "reminder")
    #expect(ChatPhase.responding.skillID == nil)
    #expect(!ChatPhase.idle.isBusy && !ChatPhase.failed("x").isBusy && ChatPhase.analyzing.isBusy)
    #expect(ChatPhase.failed("boom").description == "failed(boom)")
  }
}

import AgentSkillLLM
import Testing

@Suite("AgentPhaseTransitions", .timeLimit(.minutes(5)))
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
  static func sample(_ kind: AgentPhase.Kind, _ value: String = "a") -> AgentPhase {
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

  @Test(arguments: AgentPhase.Kind.allCases)
  func everyPairFromKindIsLegalOrIllegalPerTheTable(from: AgentPhase.Kind) {
    for to in AgentPhase.Kind.allCases {
      let expected = Self.legal.contains("\(from.rawValue)→\(to.rawValue)")
      #expect(AgentPhaseTransitions.allows(from: from, to: to) == expected, "\(from) → \(to)")
      // With values that differ, the kinds decide.
      #expect(
        AgentPhaseTransitions.allows(Self.sample(from, "a"), Self.sample(to, "b")) == expected
          || (from == to && Self.sample(from, "a") == Self.sample(to, "b")),
        "\(from) → \(to)")
    }
  }

  @Test func theTableCoversEveryKindAndCountsTwentyFiveSteps() {
    #expect(Set(AgentPhaseTransitions.table.keys) == Set(AgentPhase.Kind.allCases))
    #expect(AgentPhaseTransitions.table.values.map(\.count).reduce(0, +) == Self.legal.count)
  }

  @Test(arguments: AgentPhase.Kind.allCases)
  func stayingInTheSamePhaseIsAlwaysAllowed(kind: AgentPhase.Kind) {
    let phase = Self.sample(kind)
    #expect(AgentPhaseTransitions.allows(phase, phase))
  }

  @Test func theChatFlowRules() {
    #expect(!AgentPhaseTransitions.allows(.idle, .executing(skillID: "weather")))
    #expect(!AgentPhaseTransitions.allows(.awaitingConfirmation(skillID: "reminder"), .responding))
    #expect(AgentPhaseTransitions.allows(.executing(skillID: "weather"), .executing(skillID: "ledger")))
    #expect(!AgentPhaseTransitions.allows(.failed("a"), .failed("b")))
    #expect(AgentPhaseTransitions.allows(.failed("network"), .analyzing))
  }

  @Test func rejectionDescribesTheAllowedSteps() {
    let rejection = PhaseTransitionRejection(from: .idle, to: .executing(skillID: "weather"))
    #expect(
      rejection.description
        == "illegal phase transition idle → executing(weather) rejected; allowed from idle: analyzing"
    )
  }

  @Test func phaseAccessors() {
    #expect(AgentPhase.executing(skillID: "weather").skillID == "weather")
    #expect(AgentPhase.awaitingConfirmation(skillID: "reminder").skillID == "reminder")
    #expect(AgentPhase.responding.skillID == nil)
    #expect(!AgentPhase.idle.isBusy && !AgentPhase.failed("x").isBusy && AgentPhase.analyzing.isBusy)
    #expect(AgentPhase.failed("boom").description == "failed(boom)")
  }
}

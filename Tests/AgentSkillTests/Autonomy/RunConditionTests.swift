import Testing

@testable import AgentSkill
@testable import AgentSkillAutonomy

private struct Flag: RunCondition {
  let description: String
  let value: Bool
  init(_ description: String, _ value: Bool) {
    self.description = description
    self.value = value
  }
  var isMet: Bool { value }
}

@MainActor
private final class Settings {
  var isInFocusMode = false
}

@Suite("RunCondition", .timeLimit(.minutes(5)))
struct RunConditionTests {
  private let edited = Flag("edited ≥ 30 s", true)
  private let online = Flag("online", true)
  private let offline = Flag("online", false)
  private let focus = Flag("focus mode", false)
  private let focusOn = Flag("focus mode", true)

  @Test("combined descriptions read like the rule") func combinedDescriptionsReadLikeTheRule() {
    #expect(
      AllConditions([edited, online, NegatedCondition(focus)]).description == "edited ≥ 30 s ∧ online ∧ ¬focus mode")
    let condition: some RunCondition = .all(edited, online, .not(focus))
    #expect(condition.description == "edited ≥ 30 s ∧ online ∧ ¬focus mode")
  }

  @Test("nested combinations are parenthesised only when the operator changes")
  func nestedCombinationsAreParenthesisedOnlyWhenTheOperatorChanges() {
    let a = Flag("a", true)
    let b = Flag("b", true)
    let c = Flag("c", true)
    #expect(AllConditions.all(a, .any(b, c)).description == "a ∧ (b ∨ c)")
    #expect(AnyOfConditions.any(a, .all(b, c)).description == "a ∨ (b ∧ c)")
    #expect(AllConditions.all(a, .all(b, c)).description == "a ∧ b ∧ c")
    #expect(NegatedCondition.not(.all(a, b)).description == "¬(a ∧ b)")
    #expect(NegatedCondition.not(.any(a, b)).description == "¬(a ∨ b)")
    #expect(NegatedCondition.not(.not(a)).description == "¬¬a")
    #expect(NegatedCondition.not(.all(a)).description == "¬a")
    #expect(AllConditions.all(a, .any(b)).description == "a ∧ b")
    #expect(AllConditions.all(a, .all(.any(b, c))).description == "a ∧ (b ∨ c)")
    #expect(NegatedCondition.not(.any(.all(a, b))).description == "¬(a ∧ b)")
    #expect(AllConditions.all(.any(b, c)).description == "b ∨ c")
  }

  @Test("empty combinations are always and never") func emptyCombinationsAreAlwaysAndNever() async {
    let always = AllConditions([])
    let never = AnyOfConditions([])
    #expect(always.description == "always")
    #expect(never.description == "never")
    #expect(await always.isMet)
    #expect(await !never.isMet)
  }

  @Test("combinators follow boolean logic", arguments: [(false, false), (false, true), (true, false), (true, true)])
  func combinatorsFollowBooleanLogic(lhs: Bool, rhs: Bool) async {
    let l = Flag("l", lhs)
    let r = Flag("r", rhs)
    #expect(await AllConditions.all(l, r).isMet == (lhs && rhs))
    #expect(await AnyOfConditions.any(l, r).isMet == (lhs || rhs))
    #expect(await NegatedCondition.not(l).isMet == !lhs)
    #expect(await AllConditions.all(l, r).evaluate().isMet == (lhs && rhs))
    #expect(await AnyOfConditions.any(l, r).evaluate().isMet == (lhs || rhs))
    #expect(await NegatedCondition.not(l).evaluate().isMet == !lhs)
  }

  @Test("isMet short-circuits but evaluate checks every part") func ismetShortCircuitsButEvaluateChecksEveryPart() async
  {
    let checks = Recorder<String>()
    let counted = ClosureCondition("counted") {
      checks.append("counted")
      return true
    }
    #expect(await !AllConditions.all(offline, counted).isMet)
    #expect(await AnyOfConditions.any(online, counted).isMet)
    #expect(checks.count == 0)
    _ = await AllConditions.all(offline, counted).evaluate()
    _ = await AnyOfConditions.any(online, counted).evaluate()
    #expect(checks.count == 2)
  }

  @Test("evaluation names the sub-conditions that failed") func evaluationNamesTheSubConditionsThatFailed() async {
    let rule: some RunCondition = .all(edited, offline, .not(focusOn))
    let evaluation = await rule.evaluate()
    #expect(!evaluation.isMet)
    #expect(evaluation.kind == .all)
    #expect(evaluation.unmet == ["online", "¬focus mode"])
    #expect(evaluation.description == "not met: online, ¬focus mode")
    #expect(
      evaluation.tree == """
        ✗ edited ≥ 30 s ∧ online ∧ ¬focus mode
          ✓ edited ≥ 30 s
          ✗ online
          ✗ ¬focus mode
            ✓ focus mode
        """
    )
  }

  @Test("a met evaluation has no unmet parts") func aMetEvaluationHasNoUnmetParts() async {
    let evaluation = await AllConditions.all(edited, online, .not(focus)).evaluate()
    #expect(evaluation.isMet)
    #expect(evaluation.unmet.isEmpty)
    #expect(evaluation.description == "met: edited ≥ 30 s ∧ online ∧ ¬focus mode")
  }

  @Test("an unmet any is reported whole") func anUnmetAnyIsReportedWhole() async {
    let wifi = Flag("wifi", false)
    let ethernet = Flag("ethernet", false)
    let evaluation = await AllConditions.all(online, .any(wifi, ethernet)).evaluate()
    #expect(evaluation.unmet == ["wifi ∨ ethernet"])
    #expect(evaluation.children.map(\.kind) == [.condition, .any])
    #expect(evaluation.children.last?.children.map(\.condition) == ["wifi", "ethernet"])
  }

  @Test("closure conditions are re-checked on every evaluation") func closureConditionsAreReCheckedOnEveryEvaluation()
    async
  {
    let isOnline = LockIsolated(false)
    let condition: some RunCondition = .predicate("online") { isOnline.value }
    #expect(condition.description == "online")
    #expect(await !condition.isMet)
    isOnline.setValue(true)
    #expect(await condition.isMet)
    #expect(await condition.evaluate() == ConditionEvaluation(condition: "online", isMet: true))
  }

  @MainActor
  @Test("main-actor conditions read main-actor state") func mainActorConditionsReadMainActorState() async {
    let settings = Settings()
    let condition: some RunCondition = .not(.onMainActor("focus mode") { settings.isInFocusMode })
    #expect(await condition.isMet)
    settings.isInFocusMode = true
    #expect(await !condition.isMet)
    #expect(await condition.evaluate().unmet == ["¬focus mode"])
  }

  @Test("main-actor conditions can be checked from a background task")
  func mainActorConditionsCanBeCheckedFromABackgroundTask() async {
    let settings = Settings()
    let condition = ClosureCondition.onMainActor("focus mode") { settings.isInFocusMode }
    let result = await Task.detached { await condition.isMet }.value
    #expect(!result)
  }

  @Test("short duration descriptions") func shortDurationDescriptions() {
    #expect(Duration.seconds(30).shortDescription == "30 s")
    #expect(Duration.milliseconds(1500).shortDescription == "1.5 s")
    #expect(Duration.milliseconds(250).shortDescription == "250 ms")
    #expect(Duration.zero.shortDescription == "0 s")
    #expect(Duration.seconds(120).shortDescription == "120 s")
  }
}

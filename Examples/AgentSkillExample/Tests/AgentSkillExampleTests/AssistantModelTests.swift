import AgentSkillLLM
import AgentSkillOffline
import Testing

@testable import AgentSkillExample

@Suite("Example assistant model", .timeLimit(.minutes(5)))
struct AssistantModelTests {
  @Test("the offline model is always offered; the on-device one only where Apple's model can answer")
  @MainActor
  func offeredModels() {
    #expect(AssistantModel.available.contains(.offline))
    #if !canImport(FoundationModels)
      #expect(AssistantModel.available == [.offline])
    #endif
  }

  @Test("choosing the offline model gives the rule-based model")
  @MainActor
  func offlineChoice() {
    let model = AssistantChat.model(.offline, registry: SkillRegistry())
    #expect(model is RuleBasedModel)
  }
}

import AgentSkillDemoKit
import AgentSkillLLM

/// The words the assistant shows for each phase, in the question's language:
/// `执行中：天气查询` / `executing: Weather`.
enum PhaseText {
  static func text(_ phase: ChatPhase, skillName: (String) -> String, language: DemoLanguage) -> String? {
    switch phase {
    case .idle: nil
    case .analyzing: language.pick("分析中…", "analyzing…")
    case .selectingSkill: language.pick("选择技能…", "selecting a skill…")
    case .executing(let id): language.pick("执行中：\(skillName(id))", "executing: \(skillName(id))")
    case .awaitingConfirmation(let id):
      language.pick("等待确认：\(skillName(id))", "awaiting confirmation: \(skillName(id))")
    case .responding: language.pick("回复中…", "responding…")
    case .failed(let reason): language.pick("失败：\(reason)", "failed: \(reason)")
    }
  }
}

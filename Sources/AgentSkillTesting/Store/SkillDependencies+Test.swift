import AgentSkill
import Foundation
import Testing

extension SkillDependencies {
  /// Dependency values read as in a test: a key without a set value reads
  /// its test value, and a key that has none records a Swift Testing issue
  /// naming it — for agents your own code creates (an `AgentTestStore`
  /// does this for the agents it creates).
  ///
  /// ```swift
  /// @MainActor func makeChatForTesting() -> SkillEnvironment {
  ///   SkillEnvironment(clock: TestClock(), dependencies: .test)
  /// }
  /// ```
  public static var test: SkillDependencies {
    SkillDependencies().testing { key in
      Issue.record(Comment(rawValue: SkillDependencies.missingTestValueMessage(key)))
      if Test.current == nil {
        FileHandle.standardError.write(Data("AgentSkill: \(SkillDependencies.missingTestValueMessage(key))\n".utf8))
      }
    }
  }
}

import AgentSkill

extension SkillExecutor {
  /// Work in the runner's own task, with every progress report delivered in
  /// order — for tests that assert each step of a skill's progress.
  ///
  /// ```swift
  /// let runner = SkillRunner(UploadSkill(), executor: .immediate, environment: SkillEnvironment(clock: TestClock()))
  /// ```
  public static var immediate: SkillExecutor { .inlineEveryReport }
}

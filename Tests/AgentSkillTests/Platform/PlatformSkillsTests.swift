import AgentSkillTesting
import Foundation
import Testing

@testable import AgentSkill
@testable import AgentSkillAutonomy

@Suite("Platform skills", .timeLimit(.minutes(2)))
@MainActor
struct PlatformSkillsTests {
  private func environment(_ platform: RecordingPlatformServices) -> SkillEnvironment {
    var environment = SkillEnvironment(clock: TestClock(), logSink: nil)
    environment.dependencies.platform = platform
    return environment
  }

  @Test("the skills reach the injected services on the main actor")
  func theSkillsReachTheInjectedServices() async throws {
    let platform = RecordingPlatformServices(opensURLs: false)
    let environment = environment(platform)
    try await ShowToastSkill().run(Toast("Saved", haptic: .success), environment: environment)
    try await PlayHapticSkill().run(.selection, environment: environment)
    let help = try #require(URL(string: "https://www.swift.org"))
    let opened = try await OpenURLSkill().run(help, environment: environment)

    #expect(platform.toasts.map(\.message) == ["Saved"])
    #expect(platform.haptics == [.success, .selection])
    #expect(platform.openedURLs == [help])
    #expect(!opened)
  }

  @Test("a test that shows a toast without a double is told which key to set")
  func aTestWithoutADoubleIsTold() async throws {
    let missing = LockIsolated<[String]>([])
    let dependencies = SkillDependencies().testing { key in missing.withValue { $0.append(key) } }
    let services = dependencies.platform
    #expect(services === SystemPlatformServices.shared)
    #expect(missing.value.count == 1)
    #expect(missing.value.first?.hasSuffix("PlatformServicesKey") == true)
  }

  @Test("the system services keep toasts in their center and play the toast's haptic")
  func theSystemServicesKeepToasts() async {
    let services = SystemPlatformServices(clock: TestClock())
    services.show(Toast("Saved", action: .undo {}))
    #expect(services.toasts.current?.message == "Saved")
    #if os(Linux)
      let opened = await services.open(URL(fileURLWithPath: "/tmp"))
      #expect(!opened)
    #endif
  }

  @Test("a cancelled run shows nothing")
  func aCancelledRunShowsNothing() async {
    let platform = RecordingPlatformServices()
    let environment = environment(platform)
    let task = Task { try await ShowToastSkill().run(Toast("Late"), environment: environment) }
    task.cancel()
    _ = await task.result
    #expect(platform.toasts.isEmpty)
  }
}

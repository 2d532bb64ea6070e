import AgentSkill
import AgentSkillAutonomy
import AgentSkillTesting
import Foundation
import Testing

@Suite("RecordingPlatformServices", .timeLimit(.minutes(2)))
@MainActor
struct RecordingPlatformServicesTests {
  @Test("records toasts, haptics and URLs and taps the last toast's action")
  func recordsAndTaps() async throws {
    let platform = RecordingPlatformServices()
    var undone: [String] = []
    platform.show(Toast("First", action: .undo { undone.append("first") }))
    platform.show(Toast("Second", action: .undo { undone.append("second") }, haptic: .light))
    platform.play(.warning)
    let url = try #require(URL(string: "https://example.com/help"))
    #expect(await platform.open(url))

    #expect(platform.tapAction())
    #expect(platform.tapAction(of: platform.toasts[0]))
    #expect(undone == ["second", "first"])
    #expect(platform.haptics == [.light, .warning])
    #expect(platform.openedURLs == [url])
    #expect(platform.lastToast?.message == "Second")
  }

  @Test("tapping a toast without an action does nothing")
  func tappingWithoutAnAction() {
    let platform = RecordingPlatformServices()
    #expect(!platform.tapAction())
    platform.show(Toast("Plain"))
    #expect(!platform.tapAction())
  }

  @Test("waiting for toasts returns once they were shown from another task")
  func waitingForToasts() async {
    let platform = RecordingPlatformServices()
    let shower = Task { @MainActor in
      platform.show(Toast("One"))
      platform.show(Toast("Two"))
    }
    await platform.waitForToasts(2)
    #expect(platform.toasts.count == 2)
    await shower.value
    await platform.waitForToasts(1)
  }
}

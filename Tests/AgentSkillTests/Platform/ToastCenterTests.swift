import AgentSkillTesting
import Foundation
import Observation
import Testing

@testable import AgentSkill
@testable import AgentSkillAutonomy

@Suite("ToastCenter", .timeLimit(.minutes(2)))
@MainActor
struct ToastCenterTests {
  @Test("toasts show one at a time, each for its duration on the clock")
  func toastsShowOneAtATime() async {
    let clock = TestClock()
    let center = ToastCenter(clock: clock)
    center.show(Toast("First", duration: .seconds(2)))
    center.show(Toast("Second", duration: .seconds(3)))
    #expect(center.current?.message == "First")
    #expect(center.queued.map(\.message) == ["First", "Second"])

    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(1_999))
    #expect(center.current?.message == "First")
    await clock.advance(by: .milliseconds(1))
    await clock.waitForSleepers()
    #expect(center.current?.message == "Second")
    await clock.advance(by: .seconds(3))
    await waitUntil { center.current == nil }
    #expect(center.queued.isEmpty)
  }

  @Test("performing the action runs it once and dismisses the toast")
  func performingTheActionRunsItOnce() {
    let center = ToastCenter(clock: TestClock())
    var undone = 0
    let toast = Toast("Saved", action: .undo { undone += 1 })
    center.show(toast)
    center.performAction(of: toast.id)
    center.performAction(of: toast.id)
    #expect(undone == 1)
    #expect(center.current == nil)
  }

  @Test("dismissing drops the toast without its action and shows the next")
  func dismissingDropsTheToast() {
    let center = ToastCenter(clock: TestClock())
    var performed = false
    let first = Toast("First", action: ToastAction("Open") { performed = true })
    center.show(first)
    center.show(Toast("Second"))
    center.dismiss(id: first.id)
    #expect(!performed)
    #expect(center.current?.message == "Second")
  }

  @Test("reading the current toast observes it")
  func readingTheCurrentToastObservesIt() {
    let center = ToastCenter(clock: TestClock())
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = center.current
    } onChange: {
      changed.setValue(true)
    }
    center.show(Toast("Saved"))
    #expect(changed.value)
  }

  @Test("an Undo action is titled in the current language and says it undoes")
  func undoActionIsTitled() {
    let undo = ToastAction.undo {}
    #expect(undo.isUndo)
    #expect(undo.title == "Undo")
    #expect(Toast("Saved", action: undo).description == "Saved [Undo]")
    #expect(!ToastAction("Open") {}.isUndo)
  }

  /// Lets the center's dismissal task run until `condition` holds.
  private func waitUntil(_ condition: () -> Bool) async {
    while !condition() { await Task.yield() }
  }
}

import AgentSkill
import AgentSkillTesting
import Observation
import Testing

/// An `@ObservationIgnored` property read by an
/// observed computed property. The computed property registers only the
/// observable reads it makes; a read through an ignored property registers
/// nothing, so views miss the change.
@MainActor
@Suite("Pitfall: @ObservationIgnored behind a computed property", .timeLimit(.minutes(5)))
struct ObservationIgnoredPitfallTests {
  /// Not observable: a plain class whose `isBusy` nobody can track.
  final class PlainUploader {
    var isBusy = false
  }

  /// Observable: reads of `isBusy` register.
  @Observable final class ObservableUploader {
    var isBusy = false
  }

  /// ❌ `status` depends on `uploader.isBusy`, but nothing registers it.
  @Observable final class BrokenUploadModel {
    @ObservationIgnored var uploader = PlainUploader()
    var status: String { uploader.isBusy ? "running" : "idle" }
  }

  /// ✅ The dependency is observable, so reading `status` registers `uploader.isBusy`.
  @Observable final class FixedUploadModel {
    @ObservationIgnored var uploader = ObservableUploader()
    var status: String { uploader.isBusy ? "running" : "idle" }
  }

  /// ✅ Or keep the state the view shows as the model's own observable property,
  /// set by the run (drive status from the run's events).
  @Observable final class EventDrivenUploadModel {
    private(set) var status = "idle"
    @ObservationIgnored private var uploader = PlainUploader()

    func start() {
      uploader.isBusy = true
      status = "running"
    }
  }

  @Test func pitfall_observationIgnoredBehindAComputedProperty_missesTheUpdate() {
    let model = BrokenUploadModel()
    let notified = LockIsolated(false)
    let status = withObservationTracking {
      model.status
    } onChange: {
      notified.setValue(true)
    }
    #expect(status == "idle")
    model.uploader.isBusy = true
    #expect(model.status == "running")
    #expect(!notified.value, "the view would keep showing \"idle\"")
  }

  @Test func pitfall_observationIgnoredBehindAComputedProperty_observableDependencyFixesIt() {
    let model = FixedUploadModel()
    let notified = LockIsolated(false)
    _ = withObservationTracking {
      model.status
    } onChange: {
      notified.setValue(true)
    }
    model.uploader.isBusy = true
    #expect(notified.value)
    #expect(model.status == "running")
  }

  @Test func pitfall_observationIgnoredBehindAComputedProperty_eventDrivenStatusFixesIt() {
    let model = EventDrivenUploadModel()
    let notified = LockIsolated(false)
    _ = withObservationTracking {
      model.status
    } onChange: {
      notified.setValue(true)
    }
    model.start()
    #expect(notified.value)
    #expect(model.status == "running")
  }

  @Test func pitfall_observationIgnoredBehindAComputedProperty_libraryObservablesExposeStoredState() async {
    // The library's observable types publish what views show as tracked
    // state (a runner's status, an agent's context), never as a computation
    // over ignored storage: reading `isRunning` registers the status.
    let runner = SkillRunner(PassThroughSkill(), executor: .immediate)
    let notified = LockIsolated(false)
    _ = withObservationTracking {
      runner.isRunning
    } onChange: {
      notified.setValue(true)
    }
    runner.perform(1)
    #expect(notified.value)
    await runner.waitUntilIdle()
  }
}

/// Returns its input.
private struct PassThroughSkill: Skill {
  func run(_ input: Int, context: SkillContext) async throws -> Int { input }
}

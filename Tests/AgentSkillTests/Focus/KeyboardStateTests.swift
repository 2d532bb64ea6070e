import AgentSkill
import AgentSkillForms
import Foundation
import Testing

@Suite("Keyboard state", .timeLimit(.minutes(5)))
struct KeyboardStateTests {
  /// An iPhone screen, portrait.
  private let phone = CGRect(x: 0, y: 0, width: 390, height: 844)
  /// A docked keyboard on that screen.
  private let docked = CGRect(x: 0, y: 508, width: 390, height: 336)

  @Test func dockedKeyboardCoversItsHeight() {
    for phase in [KeyboardEvent.Phase.willShow, .didShow, .willChangeFrame, .didChangeFrame] {
      let state = KeyboardState(event: KeyboardEvent(phase: phase, endFrame: docked), in: phone)
      #expect(state == .shown(height: 336))
      #expect(state.isShown)
      #expect(state.height == 336)
    }
  }

  @Test func hideNotificationsAreHiddenWhateverTheFrame() {
    for phase in [KeyboardEvent.Phase.willHide, .didHide] {
      #expect(!phase.isShowing)
      let state = KeyboardState(event: KeyboardEvent(phase: phase, endFrame: docked), in: phone)
      #expect(state == .hidden)
      #expect(state.height == 0)
      #expect(!state.isShown)
    }
  }

  @Test func missingEmptyOrOffScreenFramesAreHidden() {
    let frames: [CGRect?] = [
      nil,
      .zero,
      CGRect(x: 0, y: 844, width: 390, height: 336),  // moved below the screen: a hardware keyboard
      CGRect(x: 0, y: 800, width: 390, height: 0),
    ]
    for frame in frames {
      #expect(KeyboardState(event: KeyboardEvent(phase: .willShow, endFrame: frame), in: phone) == .hidden)
    }
    #expect(KeyboardState(event: KeyboardEvent(phase: .willShow, endFrame: docked), in: .zero) == .hidden)
  }

  @Test func floatingKeyboardIsShownWithoutCoveringTheBottomEdge() {
    let iPad = CGRect(x: 0, y: 0, width: 1024, height: 1366)
    let floating = CGRect(x: 300, y: 700, width: 320, height: 250)
    #expect(
      KeyboardState(event: KeyboardEvent(phase: .didChangeFrame, endFrame: floating), in: iPad) == .shown(height: 0))
  }

  @Test func slideOverWindowsUseTheirOwnFrameInScreenCoordinates() {
    // Another app's keyboard (Slide Over) still covers this window: notifications keep arriving
    // even when FocusState stops changing.
    let keyboard = CGRect(x: 0, y: 968, width: 1024, height: 398)
    let slideOver = CGRect(x: 704, y: 24, width: 320, height: 1342)
    let foreign = KeyboardEvent(phase: .willShow, endFrame: keyboard, animationDuration: 0.25, isLocal: false)
    #expect(KeyboardState(event: foreign, in: slideOver) == .shown(height: 398))

    // A window that ends above the keyboard is not covered.
    let stageManagerWindow = CGRect(x: 100, y: 100, width: 600, height: 700)
    #expect(KeyboardState(event: foreign, in: stageManagerWindow) == .hidden)

    // A window the keyboard partly covers gets the covered part only.
    let partly = CGRect(x: 0, y: 0, width: 1024, height: 1100)
    #expect(KeyboardState(event: foreign, in: partly) == .shown(height: 132))
  }

  @Test func eventClampsNegativeDurationsAndDefaultsToLocal() {
    let event = KeyboardEvent(phase: .willShow, animationDuration: -1)
    #expect(event.animationDuration == 0)
    #expect(event.isLocal)
    #expect(event.endFrame == nil)
  }

  @Test func stateRoundTripsThroughJSON() throws {
    for state in [KeyboardState.hidden, .shown(height: 291.5)] {
      let data = try JSONEncoder().encode(state)
      #expect(try JSONDecoder().decode(KeyboardState.self, from: data) == state)
    }
  }
}

import AgentSkill
import AgentSkillTesting
import Testing

@Suite("ScriptedNetworkPath", .timeLimit(.minutes(1)))
struct ScriptedNetworkPathTests {
  @Test("each stream starts with the current path and gets every path sent")
  func eachStreamStartsWithTheCurrentPath() async {
    let network = ScriptedNetworkPath(.wifi)
    var first = network.paths().makeAsyncIterator()
    network.send(.cellular)
    var second = network.paths().makeAsyncIterator()
    network.send(.offline)
    #expect(await first.next() == .wifi)
    #expect(await first.next() == .cellular)
    #expect(await first.next() == .offline)
    #expect(await second.next() == .cellular)
    #expect(await second.next() == .offline)
    #expect(network.path == .offline)
  }

  @Test("without an initial path nothing is reported until the first send")
  func withoutAnInitialPathNothingIsReported() async {
    let network = ScriptedNetworkPath(nil)
    var paths = network.paths().makeAsyncIterator()
    network.send(.wifi)
    #expect(await paths.next() == .wifi)
  }

  @Test("finish ends every stream, and streams made later")
  func finishEndsEveryStream() async {
    let network = ScriptedNetworkPath(.wifi)
    var paths = network.paths().makeAsyncIterator()
    network.finish()
    #expect(await paths.next() == .wifi)
    #expect(await paths.next() == nil)
    var late = network.paths().makeAsyncIterator()
    #expect(await late.next() == .wifi)
    #expect(await late.next() == nil)
  }
}

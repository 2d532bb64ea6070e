import AgentSkillTesting
import Testing

@testable import AgentSkill
@testable import AgentSkillAutonomy

@Suite("NetworkReachability", .timeLimit(.minutes(2)))
struct NetworkReachabilityTests {
  @Test("conditions flip as the path changes")
  func conditionsFlipAsThePathChanges() async throws {
    let network = ScriptedNetworkPath(.wifi)
    let reachability = NetworkReachability(source: network)
    var updates = reachability.updates().makeAsyncIterator()
    let online = NetworkCondition.online(reachability)
    let onWiFi = NetworkCondition.onWiFi(reachability)
    let lowData = NetworkCondition.lowDataMode(reachability)

    #expect(await updates.next() == .wifi)
    #expect(online.isMet)
    #expect(onWiFi.isMet)
    #expect(!lowData.isMet)

    network.send(.cellular)
    #expect(await updates.next() == .cellular)
    #expect(online.isMet)
    #expect(!onWiFi.isMet)

    network.send(NetworkPath(isOnline: true, isExpensive: true, isConstrained: true))
    #expect(await updates.next()?.isConstrained == true)
    #expect(lowData.isMet)

    network.send(.offline)
    #expect(await updates.next() == .offline)
    #expect(!online.isMet)
    #expect(!onWiFi.isMet)
    #expect(!lowData.isMet)
    #expect(reachability.path == .offline)
  }

  @Test("before the first report nothing is met")
  func beforeTheFirstReportNothingIsMet() async {
    let reachability = NetworkReachability(source: ScriptedNetworkPath(nil))
    #expect(reachability.path == nil)
    #expect(!NetworkCondition.online(reachability).isMet)
  }

  @Test("conditions describe themselves and compose")
  func conditionsDescribeThemselvesAndCompose() async throws {
    let network = ScriptedNetworkPath(.cellular)
    let reachability = NetworkReachability(source: network)
    try await reachability.wait(until: .online)
    let canSync: some RunCondition = .all(
      .online(reachability), .onWiFi(reachability), .not(.lowDataMode(reachability)))
    #expect(canSync.description == "online ∧ on Wi-Fi ∧ ¬low data mode")
    #expect(await canSync.evaluate().unmet == ["on Wi-Fi"])
    #expect(NetworkPath.cellular.description == "online, expensive")
    #expect(NetworkPath.offline.description == "offline")
  }

  @Test("a waiter is told when the path meets its requirement")
  func aWaiterIsToldWhenThePathMeetsItsRequirement() async throws {
    let network = ScriptedNetworkPath(.offline)
    let reachability = NetworkReachability(source: network)
    var updates = reachability.updates().makeAsyncIterator()
    #expect(await updates.next() == .offline)
    let waiter = Task { try await NetworkCondition.onWiFi(reachability).waitUntilMet() }

    network.send(.cellular)
    #expect(await updates.next() == .cellular)
    network.send(.wifi)
    #expect(await updates.next() == .wifi)
    try await waiter.value
    #expect(NetworkCondition.onWiFi(reachability).isMet)
  }

  @Test("a waiter whose requirement already holds returns at once")
  func aWaiterWhoseRequirementHoldsReturnsAtOnce() async throws {
    let reachability = NetworkReachability(source: ScriptedNetworkPath(.wifi))
    var updates = reachability.updates().makeAsyncIterator()
    _ = await updates.next()
    try await reachability.wait(until: .onWiFi)
  }

  @Test("a cancelled waiter throws CancellationError")
  func aCancelledWaiterThrows() async {
    let reachability = NetworkReachability(source: ScriptedNetworkPath(.offline))
    let waiter = Task { try await reachability.wait(until: .online) }
    waiter.cancel()
    await #expect(throws: CancellationError.self) { try await waiter.value }
  }

  @Test("when the source ends, observers finish and waiters throw")
  func whenTheSourceEndsObserversFinishAndWaitersThrow() async {
    let network = ScriptedNetworkPath(.offline)
    let reachability = NetworkReachability(source: network)
    var updates = reachability.updates().makeAsyncIterator()
    #expect(await updates.next() == .offline)
    let waiter = Task { try await reachability.wait(until: .online) }
    network.finish()
    #expect(await updates.next() == nil)
    await #expect(throws: CancellationError.self) { try await waiter.value }
    // A new observer sees the last path and the end.
    var late = reachability.updates().makeAsyncIterator()
    #expect(await late.next() == .offline)
    #expect(await late.next() == nil)
  }

  @Test("releasing the reachability ends its updates")
  func releasingTheReachabilityEndsItsUpdates() async {
    let network = ScriptedNetworkPath(.wifi)
    var reachability: NetworkReachability? = NetworkReachability(source: network)
    var updates = reachability?.updates().makeAsyncIterator()
    #expect(await updates?.next() == .wifi)
    reachability = nil
    #expect(await updates?.next() == nil)
  }

  @Test("a poller runs only while online, on the injected clock")
  func aPollerRunsOnlyWhileOnline() async throws {
    let clock = TestClock()
    let network = ScriptedNetworkPath(.offline)
    let reachability = NetworkReachability(source: network)
    var updates = reachability.updates().makeAsyncIterator()
    #expect(await updates.next() == .offline)
    let events = Recorder<PollerEvent>()
    let poller = Poller(
      every: .seconds(30),
      when: .online(reachability),
      run: ClosureSkill<Void, Void> { _, _ in },
      environment: SkillEnvironment(clock: clock),
      onEvent: { events.append($0) }
    )
    poller.start()
    let first = try #require(await events.outcome(ofTick: 1))
    #expect(first.skipReason?.description == "conditions not met: online")

    network.send(.cellular)
    #expect(await updates.next() == .cellular)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(30))
    #expect(try #require(await events.outcome(ofTick: 2)).label == "succeeded")

    network.send(.offline)
    #expect(await updates.next() == .offline)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(30))
    #expect(try #require(await events.outcome(ofTick: 3)).label == "skipped")
    poller.stop()
  }
}

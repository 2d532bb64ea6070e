import AgentSkill
import AgentSkillTesting
import Testing

@Suite("BatchSkill", .timeLimit(.minutes(5)))
struct BatchSkillTests {
  /// "Uploads" a photo name: reports 0.5 then succeeds with a URL, or fails for names in `failing`.
  private func upload(failing: Set<String> = [], calls: LockIsolated<[String]>) -> ClosureSkill<String, String> {
    ClosureSkill("UploadPhotoSkill") { photo, context in
      calls.withValue { $0.append(photo) }
      context.reportProgress(0.5)
      if failing.contains(photo) { throw StubError(photo) }
      return "https://cdn/\(photo)"
    }
  }

  // MARK: Limits

  @Test("an empty selection fails with the default message before any work")
  func tooFew() async throws {
    let calls = LockIsolated<[String]>([])
    let batch = BatchSkill(upload(calls: calls), limits: BatchLimits(minimum: 1, maximum: 5))
    let error = try await #require(throws: BatchLimitError.self) { try await Harness().run(batch, []) }
    #expect(error == .tooFew(count: 0, minimum: 1, message: "Select at least 1 item."))
    #expect(error.description == "Select at least 1 item.")
    #expect(!error.isRetryable)
    #expect(calls.value.isEmpty)
  }

  @Test("too many items fail with the configured maximum")
  func tooMany() async throws {
    let calls = LockIsolated<[String]>([])
    let batch = BatchSkill(upload(calls: calls), limits: BatchLimits(minimum: 1, maximum: 5))
    let photos = (1...6).map { "p\($0)" }
    let error = try await #require(throws: BatchLimitError.self) { try await Harness().run(batch, photos) }
    #expect(error == .tooMany(count: 6, maximum: 5, message: "Select at most 5 items."))
    #expect(calls.value.isEmpty)
  }

  @Test("messages are configurable for localisation and plurals are handled by default")
  func customMessages() throws {
    let limits = BatchLimits(
      minimum: 2, maximum: 3,
      tooFewMessage: { minimum, count in "请至少选择 \(minimum) 张图片（已选 \(count) 张）" },
      tooManyMessage: { maximum, _ in "最多选择 \(maximum) 张图片" }
    )
    #expect(throws: BatchLimitError.tooFew(count: 1, minimum: 2, message: "请至少选择 2 张图片（已选 1 张）")) {
      try limits.validate(count: 1)
    }
    #expect(throws: BatchLimitError.tooMany(count: 4, maximum: 3, message: "最多选择 3 张图片")) {
      try limits.validate(count: 4)
    }
    try limits.validate(count: 3)
    #expect(BatchLimits.defaultTooFewMessage(minimum: 2, count: 0) == "Select at least 2 items.")
    #expect(BatchLimits.defaultTooManyMessage(maximum: 1, count: 3) == "Select at most 1 item.")
  }

  @Test("out-of-range limits are clamped")
  func limitClamps() throws {
    let negative = BatchLimits(minimum: -4, maximum: nil)
    #expect(negative.minimum == 0)
    try negative.validate(count: 0)
    let inverted = BatchLimits(minimum: 3, maximum: 1)
    #expect(inverted.maximum == 3)
    #expect(throws: BatchLimitError.self) { try inverted.validate(count: 4) }
    try BatchLimits.unlimited.validate(count: 10_000)
  }

  // MARK: Work and progress

  @Test("all items succeed: outputs in input order, progress (i + f) / n")
  func allSucceed() async throws {
    let calls = LockIsolated<[String]>([])
    let harness = Harness()
    let batch = BatchSkill(upload(calls: calls))
    let result = try await harness.run(batch, ["a", "b"])
    #expect(result.allSucceeded)
    #expect(result.outputs == ["https://cdn/a", "https://cdn/b"])
    #expect(result.items.map(\.index) == [0, 1])
    #expect(calls.value == ["a", "b"])
    #expect(approximatelyEqual(harness.progress.value, [0, 0.25, 0.5, 0.75, 1]))
    #expect(batch.name == "Batch(UploadPhotoSkill)")
  }

  @Test("each item runs in a context named after its position")
  func itemContextsAreNamed() async throws {
    let harness = Harness()
    _ = try await harness.run(BatchSkill(upload(calls: LockIsolated([]))), ["a", "b"])
    #expect(
      harness.monitor.events.value == [
        "started:UploadPhotoSkill[0]", "finished:UploadPhotoSkill[0]",
        "started:UploadPhotoSkill[1]", "finished:UploadPhotoSkill[1]",
      ]
    )
  }

  @Test("an empty batch allowed by its limits returns an empty result")
  func emptyAllowed() async throws {
    let harness = Harness()
    let result = try await harness.run(BatchSkill(upload(calls: LockIsolated([])), limits: .unlimited), [])
    #expect(result.count == 0)
    #expect(result.allSucceeded)
    #expect(harness.progress.value == [1])
  }

  // MARK: Partial failure and retry

  @Test("a partial failure attempts every item and throws the full per-item record")
  func partialFailureThrows() async throws {
    let calls = LockIsolated<[String]>([])
    let harness = Harness()
    let batch = BatchSkill(upload(failing: ["b", "d"], calls: calls))
    let error = try await #require(throws: BatchFailedError<String, String>.self) {
      try await harness.run(batch, ["a", "b", "c", "d"])
    }
    let result = error.result
    #expect(calls.value == ["a", "b", "c", "d"])
    #expect(result.failedIndices == [1, 3])
    #expect(result.succeeded.map(\.index) == [0, 2])
    #expect(result.outputs == ["https://cdn/a", "https://cdn/c"])
    #expect(result.items[1].outcome.error as? StubError == StubError("b"))
    #expect(result.items[3].input == "d")
    #expect(
      error.description
        == "2 of 4 items failed in UploadPhotoSkill (items 2, 4; first error: stub error b). "
        + "Retry only the failed items with retryingFailures()."
    )
    #expect(approximatelyEqual(harness.progress.value, [0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1]))
  }

  @Test("a batch failure is retryable only when some failed item's error is")
  func failureRetryability() async throws {
    let permanent = ClosureSkill<String, String>("Validate") { photo, _ in
      if photo == "bad" { throw PermanentError() }
      return photo
    }
    let onlyPermanent = try await #require(throws: BatchFailedError<String, String>.self) {
      try await Harness().run(BatchSkill(permanent), ["ok", "bad"])
    }
    #expect(!onlyPermanent.isRetryable)
    let transient = try await #require(throws: BatchFailedError<String, String>.self) {
      try await Harness().run(BatchSkill(upload(failing: ["b"], calls: LockIsolated([]))), ["a", "b"])
    }
    #expect(transient.isRetryable)
  }

  @Test("with returnPartialResult a partial failure succeeds with the record")
  func partialResultReturned() async throws {
    let batch = BatchSkill(
      upload(failing: ["b"], calls: LockIsolated([])), failurePolicy: .returnPartialResult
    )
    let result = try await Harness().run(batch, ["a", "b"])
    #expect(result.failedIndices == [1])
    #expect(!result.allSucceeded)
  }

  @Test("retrying runs only the failed items and merges the outcomes in input order")
  func retryFailedOnly() async throws {
    let calls = LockIsolated<[String]>([])
    let stillFailing = LockIsolated<Set<String>>(["b", "d"])
    let flaky = ClosureSkill<String, String>("UploadPhotoSkill") { photo, context in
      calls.withValue { $0.append(photo) }
      context.reportProgress(0.5)
      if stillFailing.value.contains(photo) { throw StubError(photo) }
      return "https://cdn/\(photo)"
    }
    let batch = BatchSkill(flaky)
    let first = try await #require(throws: BatchFailedError<String, String>.self) {
      try await Harness().run(batch, ["a", "b", "c", "d"])
    }

    // The network is back for "b" only: the retry still fails, with the merged record.
    stillFailing.setValue(["d"])
    calls.setValue([])
    let harness = Harness()
    let second = try await #require(throws: BatchFailedError<String, String>.self) {
      try await harness.run(batch.retryingFailures(), .failedItems(of: first.result))
    }
    #expect(calls.value == ["b", "d"])
    #expect(second.result.failedIndices == [3])
    #expect(second.result.outputs == ["https://cdn/a", "https://cdn/b", "https://cdn/c"])
    #expect(approximatelyEqual(harness.progress.value, [0, 0.25, 0.5, 0.75, 1]))

    // Retrying the one remaining row succeeds and returns the complete result.
    stillFailing.setValue([])
    calls.setValue([])
    let final = try await Harness().run(batch.retryingFailures(), .failedItems([3, 0, 99], of: second.result))
    #expect(calls.value == ["d"])
    #expect(final.allSucceeded)
    #expect(final.outputs == ["https://cdn/a", "https://cdn/b", "https://cdn/c", "https://cdn/d"])
  }

  @Test("a retry request with nothing to retry returns the earlier result")
  func retryNothing() async throws {
    let calls = LockIsolated<[String]>([])
    let batch = BatchSkill(upload(calls: calls))
    let result = try await Harness().run(batch, ["a"])
    calls.setValue([])
    let again = try await Harness().run(batch.retryingFailures(), .failedItems(of: result))
    #expect(calls.value.isEmpty)
    #expect(again.outputs == ["https://cdn/a"])
  }

  // MARK: Events

  @Test("per-item events report start, progress and outcome as they happen")
  func itemEvents() async throws {
    let events = LockIsolated<[String]>([])
    let batch = BatchSkill(
      upload(failing: ["b"], calls: LockIsolated([])),
      failurePolicy: .returnPartialResult,
      onItemEvent: { event in
        let line =
          switch event {
          case .started(let index, let input): "started \(index) \(input)"
          case .progressed(let index, let fraction): "progressed \(index) \(fraction)"
          case .succeeded(let index, let output): "succeeded \(index) \(output)"
          case .failed(let index, let error): "failed \(index) \(error)"
          }
        events.withValue { $0.append(line) }
      }
    )
    _ = try await Harness().run(batch, ["a", "b"])
    #expect(
      events.value == [
        "started 0 a", "progressed 0 0.5", "succeeded 0 https://cdn/a",
        "started 1 b", "progressed 1 0.5", "failed 1 stub error b",
      ]
    )
  }

  // MARK: Cancellation

  @Test("cancellation is checked between items: an item that ignores it finishes, the next never starts")
  func cancellationBetweenItems() async throws {
    let entered = Signal()
    let release = Signal()
    let calls = LockIsolated<[String]>([])
    let stubborn = ClosureSkill<String, String>("UploadPhotoSkill") { photo, _ in
      calls.withValue { $0.append(photo) }
      entered.send()
      await release.wait()  // ignores cancellation
      return photo
    }
    let task = Task { try await Harness().run(BatchSkill(stubborn), ["a", "b", "c"]) }
    await entered.wait()
    task.cancel()
    release.send()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(calls.value == ["a"])
  }

  @Test("cancellation reaches the running item, which ends promptly")
  func cancellationWithinItem() async throws {
    let clock = TestClock()
    let calls = LockIsolated<[String]>([])
    let slow = ClosureSkill<String, String>("UploadPhotoSkill") { photo, context in
      calls.withValue { $0.append(photo) }
      try await context.sleep(for: .seconds(10))
      return photo
    }
    let task = Task { try await Harness(clock: clock).run(BatchSkill(slow), ["a", "b", "c"]) }
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(10))
    await clock.waitForSleepers(1)
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(calls.value == ["a", "b"])
    #expect(!clock.hasSleepers)
  }

  // MARK: Concurrency

  @Test("bounded concurrency runs at most N items at once and keeps input order")
  func boundedConcurrency() async throws {
    let clock = TestClock()
    let running = LockIsolated((now: 0, peak: 0))
    let harness = Harness(clock: clock)
    let slow = ClosureSkill<Int, Int>("Work") { value, context in
      running.withValue {
        $0.now += 1
        $0.peak = max($0.peak, $0.now)
      }
      defer { running.withValue { $0.now -= 1 } }
      try await context.sleep(for: .seconds(Int64(value)))
      context.reportProgress(1)
      return value * 10
    }
    let batch = BatchSkill(slow, maxConcurrentItems: 2)
    let task = Task { try await harness.run(batch, [3, 1, 2, 1]) }
    // 0 s: items 0 (3 s) and 1 (1 s) start, item 2 waits for a free slot.
    await clock.waitForSleepers(2)
    #expect(clock.sleeperCount == 2)
    await clock.advance(by: .seconds(1))
    // 1 s: item 1 finished, item 2 (2 s) started.
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(2))
    // 3 s: items 0 and 2 finished, item 3 (1 s) started.
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    let result = try await task.value
    #expect(result.outputs == [30, 10, 20, 10])
    #expect(running.value.peak == 2)
    #expect(clock.now.offset == .seconds(4))  // sequential would take 7 s
    let progress = harness.progress.value
    #expect(progress.first == 0)
    #expect(progress.last == 1)
    #expect(progress == progress.sorted())
  }

  @Test("concurrency below 1 means sequential")
  func concurrencyClamp() {
    #expect(BatchSkill(upload(calls: LockIsolated([])), maxConcurrentItems: 0).maxConcurrentItems == 1)
  }

  // MARK: Runner

  @Test("in a SkillRunner a partial failure shows as failed with the per-item record")
  @MainActor
  func runnerShowsPerItemOutcome() async throws {
    let batch = BatchSkill(upload(failing: ["b"], calls: LockIsolated([])), limits: BatchLimits(maximum: 5))
    let runner = SkillRunner(batch, executor: .immediate)
    await runner.perform(["a", "b"]).value
    let failure = try #require(runner.status.error as? BatchFailedError<String, String>)
    #expect(failure.result.failedIndices == [1])

    let retry = SkillRunner(batch.retryingFailures(), executor: .immediate)
    await retry.perform(.failedItems(of: failure.result)).value
    #expect(retry.status.error is BatchFailedError<String, String>)

    await runner.perform([]).value
    #expect(
      runner.status.error as? BatchLimitError == .tooFew(count: 0, minimum: 1, message: "Select at least 1 item."))
  }
}

import AgentSkill
import AgentSkillList
import Foundation
import Observation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 29, item 7: the memory a list screen holds with and without its
/// timeline, against a hand-written `@Observable` view model holding the
/// same rows.
///
/// Each variant runs in a child process of its own (`--memory-child`), so
/// that no variant reuses memory another one freed: the child builds its
/// screens (100; 50 with `--quick`), loads each 50 times (100 rows with
/// fresh texts per load), and reports how much its resident memory grew,
/// divided by the number of screens. Variants:
/// - `memory.timeline_default`: the agents' default options in this build
///   (``AgentTimelineOptions/automatic``: off in release builds);
/// - `memory.timeline_on`: `AgentTimelineOptions()`, recording with the
///   default byte budget (256 KiB);
/// - `memory.timeline_off`: ``AgentTimelineOptions/disabled``;
/// - `memory.timeline_unbounded`: 1,000 entries without a byte budget, the
///   default before issue 29.
struct TimelineMemoryBench: BenchSuite {
  /// The hidden flag that makes the bench a measuring child.
  static let childFlag = "--memory-child"
  static let loadsPerScreen = 50
  static let rowsPerPage = 100

  enum Variant: String, CaseIterable, Sendable {
    case handWritten = "hand_written"
    case automatic = "default"
    case on
    case off
    case unbounded

    var options: AgentTimelineOptions? {
      switch self {
      case .handWritten: nil
      case .automatic: .automatic
      case .on: AgentTimelineOptions()
      case .off: .disabled
      case .unbounded: AgentTimelineOptions(capacity: 1_000, byteBudget: .max)
      }
    }

    var caseName: String { "memory.timeline_\(rawValue)" }
  }

  /// What a child reports.
  struct Measurement: Sendable {
    var bytesPerScreen: Double
    var estimatedTimelineBytesPerScreen: Double
  }

  struct Row: Identifiable, Sendable {
    let id: Int
    var title: String
    var detail: String
  }

  /// The page a screen's server returns for its `round`-th load: fresh texts each time.
  static func page(screen: Int, round: Int) -> [Row] {
    (0..<rowsPerPage).map { index in
      Row(
        id: index, title: "Message \(index) of screen \(screen), load \(round)",
        detail: "A preview of message \(index): long enough to live on the heap, as real text does.")
    }
  }

  /// What an app would write without the library.
  @MainActor @Observable final class HandWrittenListViewModel {
    var rows: [Row] = []
    var isLoading = false
    var error: String?
    private let screen: Int
    private var task: Task<Void, Never>?

    init(screen: Int) { self.screen = screen }

    func refresh(round: Int) async {
      task?.cancel()
      isLoading = true
      let screen = screen
      let task = Task { [weak self] in
        let rows = await Task.detached { TimelineMemoryBench.page(screen: screen, round: round) }.value
        guard !Task.isCancelled, let self else { return }
        self.rows = rows
        self.isLoading = false
      }
      self.task = task
      await task.value
    }
  }

  /// One list screen of a variant.
  @MainActor enum Screen {
    case agent(ListAgent<Row>)
    case handWritten(HandWrittenListViewModel)

    init(variant: Variant, screen: Int) {
      guard let options = variant.options else {
        self = .handWritten(HandWrittenListViewModel(screen: screen))
        return
      }
      let loads = LockIsolated(0)
      let load = ListLoadSkill<Row> { _ in
        let round = loads.withValue {
          $0 += 1
          return $0
        }
        return Page(items: TimelineMemoryBench.page(screen: screen, round: round))
      }
      self = .agent(ListAgent<Row>(list: ListContext(), skills: [load], timeline: options))
    }

    func load(round: Int) async {
      switch self {
      case .agent(let agent): await agent.send(.refresh).finish()
      case .handWritten(let model): await model.refresh(round: round)
      }
    }

    var estimatedTimelineBytes: Int {
      switch self {
      case .agent(let agent): agent.timeline.estimatedBytes
      case .handWritten: 0
      }
    }

    var rowCount: Int {
      switch self {
      case .agent(let agent): agent.items.count
      case .handWritten(let model): model.rows.count
      }
    }
  }

  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult] {
    let measured: [Variant] = [.automatic, .on, .off, .unbounded].filter { selected($0.caseName, filter) }
    guard !measured.isEmpty else { return [] }
    let screens = scale == .quick ? 50 : 100
    var results: [BenchResult] = []
    guard let baseline = Self.measureInChild(.handWritten, screens: screens) else {
      return measured.map { Self.failure($0.caseName, "the hand-written baseline's child process failed") }
    }
    // The timeline's own cost is measured against the same screens without it.
    let needsOff = measured.contains { $0 == .off || ($0.options?.capacity ?? 0) > 0 }
    let off = needsOff ? Self.measureInChild(.off, screens: screens) : nil
    for variant in measured {
      guard let measurement = variant == .off ? off : Self.measureInChild(variant, screens: screens) else {
        results.append(Self.failure(variant.caseName, "the child process failed"))
        continue
      }
      let kilobytes = measurement.bytesPerScreen / 1_024
      let baselineKilobytes = baseline.bytesPerScreen / 1_024
      let ratio = baselineKilobytes > 0 ? kilobytes / baselineKilobytes : .infinity
      var fields: [(String, BenchValue)] = [
        ("screens", .integer(screens)), ("loads_per_screen", .integer(Self.loadsPerScreen)),
        ("rows_per_page", .integer(Self.rowsPerPage)), ("kb_per_screen", .number(kilobytes)),
        ("baseline_kb_per_screen", .number(baselineKilobytes)), ("ratio", .number(ratio)),
        ("timeline_estimated_kb_per_screen", .number(measurement.estimatedTimelineBytesPerScreen / 1_024)),
      ]
      let recording = (variant.options?.capacity ?? 0) > 0
      if variant == .unbounded {
        fields.append(("target", .text("reported (the default before issue 29)")))
      } else if recording {
        let budget = Double(variant.options?.byteBudget ?? 0) / 1_024
        let timelineKilobytes = off.map { kilobytes - $0.bytesPerScreen / 1_024 }
        fields.append(("timeline_kb_per_screen", timelineKilobytes.map(BenchValue.number) ?? .text("unmeasured")))
        fields.append(("target", .text("timeline <= 1.5 x byte budget (\(Int(budget)) KB)")))
        fields.append(("meets_target", .bool((timelineKilobytes ?? .infinity) <= 1.5 * budget)))
      } else {
        fields.append(("target", .text("<= 1.5x")))
        fields.append(("meets_target", .bool(ratio <= 1.5)))
      }
      results.append(BenchResult(name: variant.caseName, iterations: screens * Self.loadsPerScreen, fields: fields))
    }
    return results
  }

  private static func failure(_ name: String, _ reason: String) -> BenchResult {
    BenchResult(name: name, iterations: 0, fields: [("error", .text(reason)), ("meets_target", .bool(false))])
  }

  /// Runs this executable as a child measuring `variant`; `nil` when it fails.
  @MainActor private static func measureInChild(_ variant: Variant, screens: Int) -> Measurement? {
    let process = Process()
    process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [childFlag, variant.rawValue, String(screens)]
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      FileHandle.standardError.write(Data("agentskill-bench: cannot start the memory child: \(error)\n".utf8))
      return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
    guard fields.count == 2, let bytes = Double(fields[0]), let estimated = Double(fields[1]) else { return nil }
    return Measurement(bytesPerScreen: bytes, estimatedTimelineBytesPerScreen: estimated)
  }

  /// The child: measures one variant and prints `bytesPerScreen estimatedTimelineBytesPerScreen`.
  ///
  /// - Parameter arguments: The variant's raw value and the number of screens.
  /// - Returns: The exit status.
  @MainActor static func runChild(_ arguments: [String]) async -> Int32 {
    guard arguments.count == 2, let variant = Variant(rawValue: arguments[0]), let screens = Int(arguments[1]),
      screens > 0
    else {
      FileHandle.standardError.write(Data("usage: agentskill-bench \(childFlag) VARIANT SCREENS\n".utf8))
      return 2
    }
    // Warm up: metadata, lazy globals, the thread pool.
    let warmUp = Screen(variant: variant, screen: -1)
    for round in 1...loadsPerScreen { await warmUp.load(round: round) }
    guard let before = residentBytes() else { return 1 }

    var built: [Screen] = []
    for screen in 0..<screens {
      let view = Screen(variant: variant, screen: screen)
      for round in 1...loadsPerScreen { await view.load(round: round) }
      built.append(view)
    }
    guard let after = residentBytes(), built.allSatisfy({ $0.rowCount == rowsPerPage }) else { return 1 }
    let estimated = built.reduce(0) { $0 + $1.estimatedTimelineBytes }
    print(Double(after - before) / Double(screens), Double(estimated) / Double(screens))
    withExtendedLifetime(built) {}
    withExtendedLifetime(warmUp) {}
    return 0
  }

  /// The process's resident memory in bytes: `/proc/self/statm` on Linux,
  /// the peak resident size elsewhere.
  static func residentBytes() -> Int? {
    #if os(Linux)
      guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
      let fields = statm.split(separator: " ")
      guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
      return pages * Int(getpagesize())
    #else
      var usage = rusage()
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
      return Int(usage.ru_maxrss)
    #endif
  }
}

import AgentSkill
import AgentSkillList
import Foundation
import Observation

/// Issue 25, item 7: the resident memory of 1,000 list screens of 100 items
/// each, built as agents (`ListAgent` with its load skill) and as
/// hand-written `@Observable` view models holding the same rows, with the
/// agents' timeline off and on.
///
/// Each variant runs in a child process of its own (`--list-memory-child`),
/// so no variant reuses memory another one freed: the child builds the
/// screens (1,000; 100 with `--quick`), loads each once, keeps them all, and
/// reports how much its resident memory grew, divided by the screens.
/// Cases: `memory.list_screens_timeline_off` (target ≤ 1.3× the view
/// models) and `memory.list_screens_timeline_on` (reported).
struct ListScreenMemoryBench: BenchSuite {
  /// The hidden flag that makes the bench a measuring child.
  static let childFlag = "--list-memory-child"
  static let itemsPerScreen = 100

  enum Variant: String, CaseIterable, Sendable {
    case handWritten = "hand_written"
    case off
    case on

    var options: AgentTimelineOptions? {
      switch self {
      case .handWritten: nil
      case .off: .disabled
      case .on: AgentTimelineOptions()
      }
    }

    var caseName: String { "memory.list_screens_timeline_\(rawValue)" }
  }

  struct Item: Identifiable, Sendable {
    let id: Int
    var title: String
    var subtitle: String
  }

  /// The items of a screen: texts of a realistic length, distinct per screen.
  static func items(screen: Int) -> [Item] {
    (0..<itemsPerScreen).map { index in
      Item(id: index, title: "Item \(index) on screen \(screen)", subtitle: "Updated \(index % 60) minutes ago")
    }
  }

  /// What an app would write without the library: the rows, the loading
  /// flag, the error, the load task.
  @MainActor @Observable final class HandWrittenListViewModel {
    var items: [Item] = []
    var isLoading = false
    var error: String?
    private let screen: Int
    private var task: Task<Void, Never>?

    init(screen: Int) { self.screen = screen }

    func load() async {
      task?.cancel()
      isLoading = true
      let screen = screen
      let task = Task { [weak self] in
        let items = await Task.detached { ListScreenMemoryBench.items(screen: screen) }.value
        guard !Task.isCancelled, let self else { return }
        self.items = items
        self.isLoading = false
      }
      self.task = task
      await task.value
    }
  }

  /// One list screen of a variant.
  @MainActor enum Screen {
    case agent(ListAgent<Item>)
    case handWritten(HandWrittenListViewModel)

    init(variant: Variant, screen: Int) {
      guard let options = variant.options else {
        self = .handWritten(HandWrittenListViewModel(screen: screen))
        return
      }
      let load = ListLoadSkill<Item> { _ in Page(items: ListScreenMemoryBench.items(screen: screen)) }
      self = .agent(ListAgent<Item>(list: ListContext(), skills: [load], timeline: options))
    }

    func load() async {
      switch self {
      case .agent(let agent): await agent.send(.load).finish()
      case .handWritten(let model): await model.load()
      }
    }

    var itemCount: Int {
      switch self {
      case .agent(let agent): agent.items.count
      case .handWritten(let model): model.items.count
      }
    }
  }

  @MainActor func run(scale: BenchScale, filter: String?) async -> [BenchResult] {
    let measured: [Variant] = [.off, .on].filter { selected($0.caseName, filter) }
    guard !measured.isEmpty else { return [] }
    let screens = scale == .quick ? 100 : 1_000
    guard let baseline = Self.measureInChild(.handWritten, screens: screens) else {
      return measured.map { Self.failure($0.caseName, "the hand-written baseline's child process failed") }
    }
    return measured.map { variant in
      guard let bytes = Self.measureInChild(variant, screens: screens) else {
        return Self.failure(variant.caseName, "the child process failed")
      }
      let ratio = baseline > 0 ? bytes / baseline : .infinity
      var fields: [(String, BenchValue)] = [
        ("screens", .integer(screens)), ("items_per_screen", .integer(Self.itemsPerScreen)),
        ("kb_per_screen", .number(bytes / 1_024)), ("baseline_kb_per_screen", .number(baseline / 1_024)),
        ("total_mb", .number(bytes * Double(screens) / 1_048_576)),
        ("baseline_total_mb", .number(baseline * Double(screens) / 1_048_576)),
        ("ratio", .number(ratio)),
      ]
      if variant == .off {
        fields.append(("target", .text("<= 1.3x")))
        fields.append(("meets_target", .bool(ratio <= 1.3)))
      } else {
        fields.append(("target", .text("reported")))
      }
      return BenchResult(name: variant.caseName, iterations: screens, fields: fields)
    }
  }

  private static func failure(_ name: String, _ reason: String) -> BenchResult {
    BenchResult(name: name, iterations: 0, fields: [("error", .text(reason)), ("meets_target", .bool(false))])
  }

  /// Runs this executable as a child measuring `variant`: bytes per screen, or `nil` when it fails.
  @MainActor private static func measureInChild(_ variant: Variant, screens: Int) -> Double? {
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
    return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// The child: builds and loads the screens of one variant and prints the resident bytes per screen.
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
    var warmUp: [Screen] = []
    for screen in 0..<10 {
      let view = Screen(variant: variant, screen: -1 - screen)
      await view.load()
      warmUp.append(view)
    }
    guard let before = TimelineMemoryBench.residentBytes() else { return 1 }
    var built: [Screen] = []
    built.reserveCapacity(screens)
    for screen in 0..<screens {
      let view = Screen(variant: variant, screen: screen)
      await view.load()
      built.append(view)
    }
    guard let after = TimelineMemoryBench.residentBytes(), built.allSatisfy({ $0.itemCount == itemsPerScreen })
    else { return 1 }
    print(Double(after - before) / Double(screens))
    withExtendedLifetime(built) {}
    withExtendedLifetime(warmUp) {}
    return 0
  }
}

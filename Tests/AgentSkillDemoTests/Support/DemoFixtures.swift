import AgentSkill
import AgentSkillDemoKit
import Foundation

/// A fixed clock and throwaway data directories for the demo tests.
enum DemoFixtures {
  /// 2026-03-06T10:00:00+08:00, a Friday.
  static let now = Date(timeIntervalSince1970: 1_772_762_400)
  static let nowArgument = "2026-03-06T10:00:00+08:00"
  static let timeZone = TimeZone(secondsFromGMT: 8 * 3600) ?? .current
  static let calendar = DemoCalendar(timeZone: timeZone, now: { now })

  /// A new empty directory under the system's temporary directory.
  static func temporaryDirectory(_ name: String = #function) throws -> URL {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("agentskill-demo-tests-\(safe)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs `body` in a new temporary directory, removed afterwards.
  static func withDirectory<T>(
    _ name: String = #function,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (URL) async throws -> T
  ) async throws -> T {
    let directory = try temporaryDirectory(name)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
  }

  /// A skill context for running skills directly.
  static var environment: SkillEnvironment { SkillEnvironment() }
}

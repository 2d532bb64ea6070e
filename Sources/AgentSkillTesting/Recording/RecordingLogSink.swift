import AgentSkill

/// A log sink that keeps every line, for assertions.
///
/// ```swift
/// struct UploadSkill: Skill {
///   func run(_ files: [String], context: SkillContext) async throws -> Int { files.count }
/// }
///
/// @MainActor struct UploadLogTests {
///   @Test func logsTheStart() async {
///     let lines = RecordingLogSink()
///     let runner = SkillRunner(UploadSkill(), environment: SkillEnvironment(logSink: lines))
///     await runner.perform(["IMG_0001.jpg"]).value
///     #expect(lines.messages.contains("[\(runner.tag)] started"))  // [UploadSkill-8a2b] started
///   }
/// }
/// ```
public final class RecordingLogSink: LogSink, Sendable {
  private let storage = LockIsolated([LogEntry]())

  /// Creates an empty sink.
  public init() {}

  /// Every entry written so far, in order.
  public var entries: [LogEntry] { storage.value }

  /// Every line as printed (`[Tag] message`), in order.
  public var messages: [String] { entries.map(\.formatted) }

  /// Keeps `entry`.
  ///
  /// - Parameter entry: The line.
  public func write(_ entry: LogEntry) {
    storage.withValue { $0.append(entry) }
  }
}

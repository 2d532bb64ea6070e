import AgentSkill
import AgentSkillTesting
import Testing

@MainActor
@Suite("Logging defaults", .timeLimit(.minutes(1)))
struct LoggingDefaultsTests {
  /// A sink that records what reaches it and drops lines below `minimumLevel`.
  private final class LevelSink: LogSink {
    let minimumLevel: LogLevel
    let recording = RecordingLogSink()

    init(minimumLevel: LogLevel) { self.minimumLevel = minimumLevel }

    func write(_ entry: LogEntry) { recording.write(entry) }
  }

  @Test func theDefaultSinkIsTheUnifiedLogOnApplePlatformsAndNoneOnLinux() {
    #if canImport(os)
      #expect(SkillEnvironment.defaultLogSink is OSLogSink)
      #expect(SkillEnvironment().logSink is OSLogSink)
      let sink = OSLogSink()
      #expect(sink.minimumLevel == .debug)
      #expect(sink.privacy == .public)
      #expect(OSLogSink.logType(for: .warning) == .error)
    #else
      #expect(SkillEnvironment.defaultLogSink == nil)
      #expect(SkillEnvironment().logSink == nil)
    #endif
    #expect(SkillEnvironment(logSink: nil).logSink == nil)
    #expect(SkillEnvironment(logSink: StandardErrorLogSink()).logSink is StandardErrorLogSink)
  }

  @Test func messagesArePublicInDebugBuildsAndPrivateInReleaseBuilds() {
    #expect(LogPrivacy.standard(debugBuild: true) == .public)
    #expect(LogPrivacy.standard(debugBuild: false) == .private)
    // Tests are debug builds.
    #expect(LogPrivacy.standard == .public)
    #expect(LogPrivacy.private.description == "private")
  }

  @Test func debugBuildsLogEverythingAndReleaseBuildsWarningsAndErrors() {
    #expect(LogLevel.standardMinimum(debugBuild: true) == .debug)
    #expect(LogLevel.standardMinimum(debugBuild: false) == .warning)
    #expect(LogLevel.standardMinimum == .debug)
  }

  @Test func theCategoryIsTheTagWithoutItsRunID() {
    func source(_ tag: String) -> String { LogEntry(level: .info, tag: tag, message: "").source }
    #expect(source("UploadSkill-8a2b") == "UploadSkill")
    #expect(source("Retry-Upload-00ff") == "Retry-Upload")
    #expect(source("runner") == "runner")
    #expect(source("Name-xyz1") == "Name-xyz1")
    #expect(source("Name-8a2b5") == "Name-8a2b5")
    #expect(source("-8a2b") == "-8a2b")
    #expect(source(SkillLogger(name: "MessageAgent", id: SkillRunID(), sink: nil).tag) == "MessageAgent")
  }

  @Test func linesBelowTheSinksMinimumLevelAreNeverBuilt() {
    let sink = LevelSink(minimumLevel: .warning)
    let logger = SkillLogger(tag: "Probe-0000", sink: sink)
    var built: [String] = []
    func message(_ text: String) -> String {
      built.append(text)
      return text
    }
    logger.debug(message("debug"))
    logger.info(message("info"))
    logger.warning(message("warning"))
    logger.error(message("error"))
    #expect(built == ["warning", "error"])
    #expect(sink.recording.entries.map(\.level) == [.warning, .error])
    // A sink that states no minimum receives every line.
    let everything = RecordingLogSink()
    #expect(everything.minimumLevel == .debug)
    SkillLogger(tag: "Probe-0000", sink: everything).debug("debug")
    #expect(everything.entries.count == 1)
  }

  @Test func anUnhandledIntentWarnsThroughTheEnvironmentsSinkTaggedWithTheAgent() async {
    let sink = RecordingLogSink()
    let agent = Agent<Int, String, Int>(
      context: 0, skills: [], reduce: { _, _ in [] }, name: "InboxAgent",
      environment: SkillEnvironment(logSink: sink))
    await agent.send("archive").finish()
    let warning = sink.entries.first { $0.level == .warning }
    #expect(warning?.source == "InboxAgent")
    #expect(warning?.message.contains("archive") == true)
  }
}

import AgentSkillDemoKit
import Foundation
import Testing

@Suite("Demo data files", .timeLimit(.minutes(5)))
struct DemoFileStoreTests {
  let calendar = DemoFixtures.calendar

  @Test("the ledger is created on first use and read back unchanged")
  func createsAndReads() async throws {
    try await DemoFixtures.withDirectory { directory in
      let store = LedgerStore(directory: directory.appendingPathComponent("nested"), calendar: calendar)
      let first = try store.load()
      #expect(first.notice == .created(store.url))
      #expect(FileManager.default.fileExists(atPath: store.url.path))
      let second = try store.load()
      #expect(second.notice == nil)
      #expect(second.document == first.document)
    }
  }

  @Test("a corrupt ledger is backed up, never overwritten silently")
  func corrupt() async throws {
    try await DemoFixtures.withDirectory { directory in
      let store = LedgerStore(directory: directory, calendar: calendar)
      try Data("{ not json".utf8).write(to: store.url)
      let loaded = try store.load()
      let backup = directory.appendingPathComponent("ledger.json.corrupt-20260306-100000")
      guard case .corrupt(let url, let backedUp, _) = loaded.notice else {
        Issue.record("expected a corrupt-file notice, got \(String(describing: loaded.notice))")
        return
      }
      #expect(url == store.url)
      #expect(backedUp.lastPathComponent == backup.lastPathComponent)
      #expect(try String(contentsOf: backup, encoding: .utf8) == "{ not json")
      #expect(loaded.notice?.text(.chinese).contains("已备份为") == true)
      #expect(loaded.notice?.text(.english).contains("backed up to") == true)
      #expect(!loaded.document.entries.isEmpty)

      // A second corrupt file on the same second gets its own backup.
      try Data("[]".utf8).write(to: store.url)
      guard case .corrupt(_, let second, _) = try store.load().notice else {
        Issue.record("expected a corrupt-file notice")
        return
      }
      #expect(second.lastPathComponent == "ledger.json.corrupt-20260306-100000-2")
      #expect(FileManager.default.fileExists(atPath: backup.path))
    }
  }

  @Test("reminders are appended with increasing ids")
  func reminders() async throws {
    try await DemoFixtures.withDirectory { directory in
      let store = ReminderStore(directory: directory, calendar: calendar)
      let at = calendar.adding(days: 1, to: calendar.today)
      let (first, _) = try store.add(title: "开周会", at: at)
      let (second, _) = try store.add(title: "交报告", at: at)
      #expect(first.id == "r1")
      #expect(second.id == "r2")
      #expect(first.createdAt == "2026-03-06T10:00:00+08:00")
      #expect(try store.load().document.reminders.map(\.title) == ["开周会", "交报告"])
    }
  }

  @Test("the data directory follows --data, then XDG_DATA_HOME, then the platform default")
  func dataDirectory() {
    #expect(DemoDataDirectory.resolve(override: "/tmp/x", environment: [:]).path == "/tmp/x")
    #expect(
      DemoDataDirectory.resolve(override: nil, environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]).path
        == "/data/agentskill")
    #if os(Linux)
      #expect(
        DemoDataDirectory.resolve(override: nil, environment: ["HOME": "/home/u"]).path
          == "/home/u/.local/share/agentskill")
    #endif
    #expect(
      DemoDataDirectory.resolve(override: nil, environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]).path
        != "relative/agentskill")
  }

  @Test("calendar formats and parses the demo's dates")
  func calendarFormats() {
    #expect(calendar.dayString(calendar.today) == "2026-03-06")
    #expect(calendar.dayLabel(calendar.today, .chinese) == "3月6日（周五）")
    #expect(calendar.dayLabel(calendar.today, .english) == "Fri, Mar 6")
    #expect(calendar.day(from: "2026-02-30") == nil)
    #expect(calendar.day(from: "2026-2-3") == nil)
    #expect(calendar.timestamp(DemoFixtures.now) == "2026-03-06T10:00:00+08:00")
    #expect(calendar.moment(from: "2026-03-07T15:00:00+08:00") == DemoFixtures.now.addingTimeInterval(29 * 3600))
    #expect(calendar.moment(from: "tomorrow") == nil)
  }
}

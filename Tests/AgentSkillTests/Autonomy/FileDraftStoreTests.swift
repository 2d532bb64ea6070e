import Foundation
import Testing

@testable import AgentSkill
@testable import AgentSkillAutonomy

private struct Reply: Codable, Sendable, Equatable {
  var text: String
}

private struct DiskFull: Error {}

/// A fresh directory under the system's temporary directory, removed by `remove()`.
private struct TemporaryDirectory {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("FileDraftStoreTests-\(UUID().uuidString)", isDirectory: true)

  var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

@Suite("FileDraftStore", .timeLimit(.minutes(2)))
struct FileDraftStoreTests {
  @Test("saves, loads, lists and deletes drafts")
  func savesLoadsListsAndDeletes() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let store = FileDraftStore<Reply>(directory: directory.url)
    #expect(try await store.list() == [])
    #expect(try await store.load(id: "reply-42") == nil)

    try await store.save(Reply(text: "See you at 6"), id: "reply-42")
    try await store.save(Reply(text: "Thanks!"), id: "reply/7 ü")
    #expect(try await store.load(id: "reply-42") == Reply(text: "See you at 6"))
    #expect(try await store.load(id: "reply/7 ü") == Reply(text: "Thanks!"))
    #expect(try await store.list() == ["reply-42", "reply/7 ü"])

    try await store.save(Reply(text: "See you at 7"), id: "reply-42")
    #expect(try await store.load(id: "reply-42") == Reply(text: "See you at 7"))

    try await store.delete(id: "reply-42")
    try await store.delete(id: "reply-42")
    #expect(try await store.load(id: "reply-42") == nil)
    #expect(try await store.list() == ["reply/7 ü"])
    #expect(directory.names.allSatisfy { !$0.hasPrefix(".") })
  }

  @Test("a new store reads the drafts an earlier one saved")
  func aNewStoreReadsEarlierDrafts() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    try await FileDraftStore<Reply>(directory: directory.url).save(Reply(text: "kept"), id: "a")
    #expect(try await FileDraftStore<Reply>(directory: directory.url).load(id: "a") == Reply(text: "kept"))
  }

  @Test("a failed write leaves the previous draft intact and no temporary file")
  func aFailedWriteLeavesThePreviousDraftIntact() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    try await FileDraftStore<Reply>(directory: directory.url).save(Reply(text: "old"), id: "reply-42")

    let written = LockIsolated<URL?>(nil)
    let failing = DraftFileWriter { data, file in
      try data.write(to: file)
      written.setValue(file)
      throw DiskFull()
    }
    let store = FileDraftStore<Reply>(directory: directory.url, writer: failing)
    await #expect(throws: DraftStoreError.self) {
      try await store.save(Reply(text: "new"), id: "reply-42")
    }
    let temporary = try #require(written.value)
    #expect(temporary.deletingLastPathComponent().standardizedFileURL == directory.url.standardizedFileURL)
    #expect(!FileManager.default.fileExists(atPath: temporary.path))
    #expect(try await store.load(id: "reply-42") == Reply(text: "old"))
    #expect(try await store.list() == ["reply-42"])
  }

  @Test("a crash between write and rename keeps the old draft; the stray file is ignored and removed")
  func aCrashBetweenWriteAndRenameKeepsTheOldDraft() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    try await FileDraftStore<Reply>(directory: directory.url).save(Reply(text: "old"), id: "reply-42")

    // The writer writes the new draft's temporary file, then the "app dies":
    // the error stands for the crash, and the file is put back after the
    // store's cleanup, as a real crash would leave it.
    let written = LockIsolated<(URL, Data)?>(nil)
    let crashing = DraftFileWriter { data, file in
      try data.write(to: file)
      written.setValue((file, data))
      throw DiskFull()
    }
    await #expect(throws: DraftStoreError.self) {
      try await FileDraftStore<Reply>(directory: directory.url, writer: crashing)
        .save(Reply(text: "new"), id: "reply-42")
    }
    let (temporary, data) = try #require(written.value)
    try data.write(to: temporary)
    #expect(directory.names.count == 2)

    // The next launch: the old draft is whole, the stray file is neither
    // listed nor loaded, and it is removed.
    let relaunched = FileDraftStore<Reply>(directory: directory.url)
    #expect(try await relaunched.load(id: "reply-42") == Reply(text: "old"))
    #expect(try await relaunched.list() == ["reply-42"])
    #expect(directory.names == ["reply-42.json"])
  }

  @Test("stray temporary files are never listed, even before they are removed")
  func strayTemporaryFilesAreNeverListed() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let store = FileDraftStore<Reply>(directory: directory.url)
    try await store.save(Reply(text: "old"), id: "a")
    try Data("{\"te".utf8).write(to: directory.url.appendingPathComponent(".a.1234.tmp"))
    #expect(try await store.list() == ["a"])
    #expect(try await store.load(id: "a") == Reply(text: "old"))
  }

  @Test("invalid ids and undecodable drafts throw errors that say the fix")
  func invalidIDsAndUndecodableDraftsThrow() async throws {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    let store = FileDraftStore<Reply>(directory: directory.url)
    await #expect(throws: DraftStoreError.invalidID("")) { try await store.save(Reply(text: ""), id: "") }
    #expect(try await store.load(id: String(repeating: "x", count: 200)) == nil)
    let long = String(repeating: "é", count: 40)
    await #expect(throws: DraftStoreError.invalidID(long)) { try await store.load(id: long) }

    try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
    try Data("not json".utf8).write(to: directory.url.appendingPathComponent("broken.json"))
    do throws(DraftStoreError) {
      _ = try await store.load(id: "broken")
      Issue.record("loading an undecodable draft should throw")
    } catch {
      guard case .decodingFailed(let id, _) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(id == "broken")
      #expect(error.description.contains("delete it with delete(id:)"))
    }
    #expect(DraftStoreError.invalidID("").description.contains("must not be empty"))
  }
}

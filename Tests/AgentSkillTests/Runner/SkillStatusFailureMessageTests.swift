import AgentSkill
import Foundation
import Testing

@Suite("Failure messages of a skill status", .timeLimit(.minutes(5)))
struct SkillStatusFailureMessageTests {
  private struct Described: Error, CustomStringConvertible {
    var description: String { "the upload limit is 5 photos; select fewer" }
  }

  private struct Localized: LocalizedError, CustomStringConvertible {
    var errorDescription: String? { "Die Verbindung ist unterbrochen." }
    var description: String { "connection reset (code 54)" }
  }

  private struct LeakyError: Error, CustomStringConvertible {
    var description: String { "request failed with Authorization: Bearer sk-abc123def456ghi789" }
  }

  @Test func onlyAFailedStatusHasAMessage() {
    #expect(SkillStatus<Int>.idle.failureMessage == nil)
    #expect(SkillStatus<Int>.running(progress: 0.5).failureMessage == nil)
    #expect(SkillStatus<Int>.succeeded(output: 1).failureMessage == nil)
    #expect(SkillStatus<Int>.cancelled.failureMessage == nil)
  }

  @Test func prefersTheLocalizedDescriptionThenTheDescription() {
    #expect(SkillStatus<Int>.failed(error: Localized()).failureMessage == "Die Verbindung ist unterbrochen.")
    #expect(SkillStatus<Int>.failed(error: Described()).failureMessage == "the upload limit is 5 photos; select fewer")
  }

  @Test func usesTheLocalizedDescriptionAFoundationErrorCarries() {
    let error = NSError(
      domain: NSURLErrorDomain, code: -1009,
      userInfo: [NSLocalizedDescriptionKey: "The Internet connection appears to be offline."])
    #expect(SkillStatus<Int>.failed(error: error).failureMessage == "The Internet connection appears to be offline.")
  }

  @Test func removesSecrets() throws {
    let message = try #require(SkillStatus<Int>.failed(error: LeakyError()).failureMessage)
    #expect(!message.contains("sk-abc123"))
    #expect(message.contains(SecretRedactor.placeholder))
  }
}

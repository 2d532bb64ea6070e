import AgentSkillLLM
import Foundation
import Testing

@Suite("SemanticVersion", .timeLimit(.minutes(5)))
struct SemanticVersionTests {
  @Test(
    "versions parse leniently where safe",
    arguments: [
      ("0.1.0", "0.1.0"), ("v1.2.3", "1.2.3"), ("1.2", "1.2.0"), ("3", "3.0.0"),
      ("1.0.0-beta.2+build.7", "1.0.0-beta.2+build.7"), ("1.0.0+exp.sha.5114f85", "1.0.0+exp.sha.5114f85"),
    ])
  func parses(_ text: String, _ expected: String) {
    #expect(SemanticVersion(text)?.description == expected)
  }

  @Test(
    "non-versions are rejected",
    arguments: [
      "", "latest", "1..2", "1.2.3.4", "-1.0.0", "1.0.0-", "1.0.0-beta..1", "1.0.0+", "1.x", "99999999999.0.0",
    ])
  func rejects(_ text: String) {
    #expect(SemanticVersion(text) == nil)
  }

  @Test("precedence follows semver 2.0")
  func precedence() throws {
    let ordered = [
      "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11",
      "1.0.0-rc.1", "1.0.0", "1.0.1", "1.1.0", "2.0.0", "10.0.0",
    ].compactMap(SemanticVersion.init)
    #expect(ordered.count == 12)
    for (lower, higher) in zip(ordered, ordered.dropFirst()) {
      #expect(lower < higher, "\(lower) < \(higher)")
      #expect(!(higher < lower))
    }
    #expect(SemanticVersion("1.0.0+a") == SemanticVersion("1.0.0+b"))
    #expect(Set([SemanticVersion("1.0.0+a"), SemanticVersion("1.0.0+b")]).count == 1)
  }

  @Test("versions are JSON strings")
  func codable() throws {
    let version = try #require(SemanticVersion("1.2.3-rc.1"))
    let data = try JSONEncoder().encode([version])
    #expect(String(decoding: data, as: UTF8.self) == #"["1.2.3-rc.1"]"#)
    #expect(try JSONDecoder().decode([SemanticVersion].self, from: data) == [version])
    #expect(throws: DecodingError.self) { try JSONDecoder().decode([SemanticVersion].self, from: Data(#"["x"]"#.utf8)) }
  }

  @Test("the library version is a release")
  func current() {
    #expect(AgentSkillVersion.current.prerelease.isEmpty)
    #expect(AgentSkillVersion.current >= SemanticVersion(0, 1, 0))
  }
}

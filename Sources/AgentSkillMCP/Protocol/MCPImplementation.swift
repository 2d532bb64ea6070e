import AgentSkillLLM

/// The name and version a client or server reports about itself during `initialize`.
///
/// ```swift
/// let me = MCPImplementation(name: "agentskill-demo", version: "1.0.0", title: "AgentSkill assistant")
/// ```
public struct MCPImplementation: Sendable, Hashable, CustomStringConvertible {
  /// The program's name, such as `weather-server`.
  public var name: String
  /// The program's version.
  public var version: String
  /// A name for people, when it differs from ``name``.
  public var title: String?

  /// Creates a description.
  ///
  /// - Parameters:
  ///   - name: The program's name.
  ///   - version: The program's version.
  ///   - title: A name for people.
  public init(name: String, version: String, title: String? = nil) {
    self.name = name
    self.version = version
    self.title = title
  }

  /// Reads `{"name": …, "version": …}`; a missing version reads as empty.
  ///
  /// - Parameter json: The `clientInfo` or `serverInfo` member.
  /// - Returns: `nil` when there is no string `name`.
  init?(json: JSONValue) {
    guard let name = json["name"]?.stringValue else { return nil }
    self.init(name: name, version: json["version"]?.stringValue ?? "", title: json["title"]?.stringValue)
  }

  /// The object as sent.
  var json: JSONValue {
    var object: JSONObject = ["name": .string(name), "version": .string(version)]
    if let title { object["title"] = .string(title) }
    return .object(object)
  }

  /// `name version`.
  public var description: String { version.isEmpty ? name : "\(name) \(version)" }
}

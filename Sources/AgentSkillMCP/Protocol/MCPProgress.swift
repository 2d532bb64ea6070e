import AgentSkillLLM

/// A `notifications/progress` update for a running request.
///
/// ```swift
/// func render(with client: MCPClient) async throws -> MCPToolResult {
///   try await client.callTool("render", arguments: ["scene": "intro"]) { progress in
///     print(progress.fraction.map { "\(Int($0 * 100))%" } ?? "\(progress.progress)", progress.message ?? "")
///   }
/// }
/// ```
public struct MCPProgress: Sendable, Hashable {
  /// The progress so far; grows with each update.
  public var progress: Double
  /// The total, when known.
  public var total: Double?
  /// What is happening now.
  public var message: String?

  /// Creates an update.
  ///
  /// - Parameters:
  ///   - progress: The progress so far.
  ///   - total: The total, when known.
  ///   - message: What is happening now.
  public init(progress: Double, total: Double? = nil, message: String? = nil) {
    self.progress = progress
    self.total = total
    self.message = message
  }

  /// `progress / total`, clamped to 0…1, when the total is known and positive.
  public var fraction: Double? {
    guard let total, total > 0 else { return nil }
    return min(1, max(0, progress / total))
  }

  /// Reads the notification's `params`.
  init?(json: JSONValue) {
    guard let progress = json["progress"]?.doubleValue else { return nil }
    self.init(progress: progress, total: json["total"]?.doubleValue, message: json["message"]?.stringValue)
  }
}

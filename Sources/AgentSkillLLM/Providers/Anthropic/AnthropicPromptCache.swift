/// Anthropic's automatic prompt caching, sent as the request's top-level
/// `"cache_control": {"type": "ephemeral"}`.
///
/// The API puts the cache breakpoint on the last cacheable block and moves it
/// forward as the conversation grows, so each request of a chat re-reads the
/// conversation so far from the cache (billed at a tenth of the input price)
/// instead of processing it again. Writing to the cache costs more than plain
/// input (1.25 × for five minutes, 2 × for an hour), and prompts shorter than
/// the model's minimum (1,024 to 4,096 tokens) are not cached at all.
/// ``TokenUsage/cacheReadInputTokens`` and ``TokenUsage/cacheWriteInputTokens``
/// show what it saved.
///
/// ```swift
/// let model = AnthropicModel(apiKey: key, model: "claude-sonnet-4-5", promptCache: .automatic)
/// ```
public struct AnthropicPromptCache: Sendable, Hashable {
  /// How long a cached prefix lives after its last use.
  public enum Lifetime: String, Sendable, Hashable {
    /// Five minutes, the API's default.
    case fiveMinutes = "5m"
    /// One hour; cache writes cost twice the input price.
    case oneHour = "1h"
  }

  /// The lifetime sent as `ttl`; `nil` sends none and gets the API's default (five minutes).
  public var lifetime: Lifetime?

  /// Creates a setting.
  ///
  /// - Parameter lifetime: The cache lifetime; `nil` leaves the API's default of five minutes.
  public init(lifetime: Lifetime? = nil) {
    self.lifetime = lifetime
  }

  /// Automatic caching with the API's default lifetime.
  public static let automatic = AnthropicPromptCache()

  /// The `cache_control` member's value.
  var json: JSONValue {
    var object: JSONObject = ["type": "ephemeral"]
    if let lifetime { object["ttl"] = .string(lifetime.rawValue) }
    return .object(object)
  }
}

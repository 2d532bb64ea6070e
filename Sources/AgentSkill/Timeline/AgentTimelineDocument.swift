import Foundation

/// An agent's timeline as a versioned, redacted JSON document: share it with
/// a colleague, attach it to a bug report, or replay it.
///
/// ```swift
/// let schema = FormSchema<SignUpField>().rules(.email, .required("Enter your email"))
/// let agent = FormAgent(schema: schema) { values in try await api.signUp(values) }
/// agent.apply(.setValue(.email, "ada@example.com"))
/// let data = try agent.exportTimeline().jsonData()
/// let document = try AgentTimelineDocument.decode(from: data)
/// let context = try document.replay(from: schema.makeContext(), effectType: FormEffect<SignUpField>.self,
///                                   reduce: schema.reduce)
/// ```
///
/// ## Schema, version 1
///
/// ```json
/// {
///   "schemaVersion": 1,
///   "agent": "MessageAgent-8a2b",
///   "startedAt": "2026-03-01T09:30:00Z",
///   "capacity": 1000,
///   "evictedEntries": 0,
///   "evictedEffects": 0,
///   "contextSnapshots": "disabled",
///   "effectEncoding": "json",
///   "initialContext": { "messages": [], "phase": { "idle": {} } },
///   "finalContext": { "messages": [ … ], "phase": { "loaded": {} } },
///   "entries": [
///     { "sequence": 1, "offsetMs": 0.004, "kind": "intentReceived", "run": 1, "intent": "load" },
///     { "sequence": 2, "offsetMs": 0.006, "kind": "skillChosen", "run": 1, "skill": "CacheSkill",
///       "skills": ["NetworkSkill"] },
///     { "sequence": 3, "offsetMs": 0.007, "kind": "skillStarted", "run": 1, "skill": "CacheSkill" },
///     { "sequence": 4, "offsetMs": 0.9, "kind": "effectApplied", "run": 1,
///       "effect": "setLoading(\"Loading…\")", "effectJSON": { "setLoading": { "_0": "Loading…" } } },
///     { "sequence": 5, "offsetMs": 12.5, "kind": "skillFinished", "run": 1, "skill": "CacheSkill",
///       "durationMs": 12.49 }
///   ]
/// }
/// ```
///
/// Top-level fields:
/// - `schemaVersion` (integer): `1`. Readers reject other versions.
/// - `agent` (string): the agent's log tag.
/// - `startedAt` (string): ISO 8601 wall-clock time the timeline started.
/// - `capacity` (integer): the ring's size.
/// - `evictedEntries`, `evictedEffects` (integers): entries (and, among them,
///   applied effects) evicted because the ring was full. Replay needs
///   `evictedEffects == 0`.
/// - `contextSnapshots` (string): `captured` when `contextChanged` entries
///   carry the context as JSON, `disabled` when capture is off, `notEncodable`
///   when the context type is not `Encodable` (snapshots are then omitted —
///   never an error).
/// - `effectEncoding` (string): `json` when `effectApplied` and `effectDropped`
///   entries carry `effectJSON` (the effect type is `Encodable`), otherwise
///   `notEncodable` (replay is then unavailable).
/// - `initialContext`, `finalContext` (objects, optional): the context when
///   the agent started and when it was exported, when `Encodable`.
/// - `entries` (array), oldest first.
///
/// Entry fields (absent when not relevant):
/// - `sequence` (integer): the entry's number since the timeline started.
/// - `offsetMs` (number): milliseconds since the timeline started, on the agent's clock.
/// - `kind` (string): one of ``Kind``.
/// - `run` (integer): the intent run the entry belongs to.
/// - `origin` (integer): for `intentReceived`, the run whose effect produced this follow-up.
/// - `skill` (string): the skill concerned.
/// - `skills` (array of strings): for `unhandled`, the mounted skills as `Name(priority)`;
///   for `skillChosen`, the shadowed skills that could also have handled the intent.
/// - `intent`, `effect` (strings): descriptions (`String(describing:)`).
/// - `effectJSON` (any JSON): the effect as encoded by its `Encodable` conformance.
/// - `durationMs` (number): for skill finish, failure, fall-through and cancellation.
/// - `message` (string): the error, veto, drop or cancellation reason, or the
///   unhandled message (`no skill handled load; mounted: CacheSkill(10), NetworkSkill(100)`).
/// - `context` (any JSON): for `contextChanged`, the context after the batch.
///
/// Every text — descriptions, messages, context and effect JSON — passes
/// through the timeline's redaction (``SecretRedactor`` by default) before it
/// is written.
public struct AgentTimelineDocument: Codable, Sendable, Equatable {
  /// The schema version this library writes and reads.
  package static let currentSchemaVersion = 1

  /// What an entry records.
  public enum Kind: String, Codable, Sendable, CaseIterable {
    /// An intent arrived (`origin` is set for follow-ups).
    case intentReceived
    /// The reducer returned a follow-up intent.
    case followUp
    /// The parent agent vetoed the intent.
    case intentVetoed
    /// The intent went to the parent agent as a navigation request.
    case intentForwarded
    /// The intent was ignored.
    case intentDropped
    /// The intent waits in its lane's queue.
    case intentQueued
    /// No skill handled the intent.
    case unhandled
    /// A skill claimed the intent.
    case skillChosen
    /// A skill started.
    case skillStarted
    /// A skill fell through to the next one.
    case skillFellThrough
    /// A skill handled the intent.
    case skillFinished
    /// A skill threw.
    case skillFailed
    /// A skill's run was cancelled.
    case skillCancelled
    /// An effect was applied.
    case effectApplied
    /// An effect was dropped.
    case effectDropped
    /// The context after a batch.
    case contextChanged
    /// A skill was mounted.
    case skillMounted
    /// A skill was unmounted.
    case skillUnmounted
  }

  /// Whether context snapshots are in the document.
  public enum SnapshotStatus: String, Codable, Sendable {
    /// `contextChanged` entries carry the context JSON.
    case captured
    /// Capture was off (``AgentTimelineOptions/capturesContext``).
    case disabled
    /// The context is not `Encodable`; snapshots are omitted.
    case notEncodable
  }

  /// Whether effects are in the document as JSON.
  public enum EffectEncoding: String, Codable, Sendable {
    /// Effect entries carry `effectJSON`; replay is available.
    case json
    /// The effect type is not `Encodable`; replay is unavailable.
    case notEncodable
  }

  /// One entry; see the schema above.
  public struct Entry: Codable, Sendable, Equatable {
    /// The entry's number since the timeline started.
    public var sequence: Int
    /// Milliseconds since the timeline started, on the agent's clock.
    public var offsetMilliseconds: Double
    /// What the entry records.
    public var kind: Kind
    /// The intent run the entry belongs to.
    public var run: Int?
    /// For a follow-up's `intentReceived`, the run whose effect produced it.
    public var origin: Int?
    /// The skill concerned.
    public var skill: String?
    /// Mounted skills (`unhandled`) or shadowed skills (`skillChosen`).
    public var skills: [String]?
    /// The intent's description.
    public var intent: String?
    /// The effect's description.
    public var effect: String?
    /// The effect as compact JSON text (written as nested JSON).
    public var effectJSON: String?
    /// The duration in milliseconds.
    public var durationMilliseconds: Double?
    /// The error, veto, drop or cancellation reason, or the unhandled message.
    public var message: String?
    /// The context after the batch as compact JSON text (written as nested JSON).
    public var context: String?

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - sequence: The entry's number.
    ///   - offsetMilliseconds: Milliseconds since the timeline started.
    ///   - kind: What the entry records.
    init(sequence: Int, offsetMilliseconds: Double, kind: Kind) {
      self.sequence = sequence
      self.offsetMilliseconds = offsetMilliseconds
      self.kind = kind
    }

    private enum CodingKeys: String, CodingKey {
      case sequence
      case offsetMilliseconds = "offsetMs"
      case kind, run, origin, skill, skills, intent, effect, effectJSON
      case durationMilliseconds = "durationMs"
      case message, context
    }

    /// Decodes an entry; nested JSON becomes compact text.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a required field is missing or mistyped.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      sequence = try container.decode(Int.self, forKey: .sequence)
      offsetMilliseconds = try container.decode(Double.self, forKey: .offsetMilliseconds)
      kind = try container.decode(Kind.self, forKey: .kind)
      run = try container.decodeIfPresent(Int.self, forKey: .run)
      origin = try container.decodeIfPresent(Int.self, forKey: .origin)
      skill = try container.decodeIfPresent(String.self, forKey: .skill)
      skills = try container.decodeIfPresent([String].self, forKey: .skills)
      intent = try container.decodeIfPresent(String.self, forKey: .intent)
      effect = try container.decodeIfPresent(String.self, forKey: .effect)
      effectJSON = try container.decodeIfPresent(TimelineJSON.self, forKey: .effectJSON)?.canonicalText
      durationMilliseconds = try container.decodeIfPresent(Double.self, forKey: .durationMilliseconds)
      message = try container.decodeIfPresent(String.self, forKey: .message)
      context = try container.decodeIfPresent(TimelineJSON.self, forKey: .context)?.canonicalText
    }

    /// Encodes the entry; JSON text is written as nested JSON.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(sequence, forKey: .sequence)
      try container.encode(offsetMilliseconds, forKey: .offsetMilliseconds)
      try container.encode(kind, forKey: .kind)
      try container.encodeIfPresent(run, forKey: .run)
      try container.encodeIfPresent(origin, forKey: .origin)
      try container.encodeIfPresent(skill, forKey: .skill)
      try container.encodeIfPresent(skills, forKey: .skills)
      try container.encodeIfPresent(intent, forKey: .intent)
      try container.encodeIfPresent(effect, forKey: .effect)
      try container.encodeIfPresent(effectJSON.map(Self.nested), forKey: .effectJSON)
      try container.encodeIfPresent(durationMilliseconds, forKey: .durationMilliseconds)
      try container.encodeIfPresent(message, forKey: .message)
      try container.encodeIfPresent(context.map(Self.nested), forKey: .context)
    }

    static func nested(_ text: String) -> TimelineJSON {
      TimelineJSON.parse(text) ?? .string(text)
    }
  }

  /// The schema version of this document.
  public var schemaVersion: Int
  /// The agent's log tag.
  public var agent: String
  /// ISO 8601 wall-clock time the timeline started.
  public var startedAt: String
  /// The ring's size.
  public var capacity: Int
  /// Entries evicted because the ring was full.
  public var evictedEntries: Int
  /// Applied effects among the evicted entries.
  public var evictedEffects: Int
  /// Whether context snapshots are included.
  public var contextSnapshots: SnapshotStatus
  /// Whether effects are included as JSON.
  public var effectEncoding: EffectEncoding
  /// The context when the agent started, as compact JSON text.
  public var initialContext: String?
  /// The context when the timeline was exported, as compact JSON text.
  public var finalContext: String?
  /// The entries, oldest first.
  public var entries: [Entry]

  private enum CodingKeys: String, CodingKey {
    case schemaVersion, agent, startedAt, capacity, evictedEntries, evictedEffects
    case contextSnapshots, effectEncoding, initialContext, finalContext, entries
  }

  init(
    agent: String, startedAt: String, capacity: Int, evictedEntries: Int, evictedEffects: Int,
    contextSnapshots: SnapshotStatus, effectEncoding: EffectEncoding, initialContext: String?,
    finalContext: String?, entries: [Entry]
  ) {
    self.schemaVersion = Self.currentSchemaVersion
    self.agent = agent
    self.startedAt = startedAt
    self.capacity = capacity
    self.evictedEntries = evictedEntries
    self.evictedEffects = evictedEffects
    self.contextSnapshots = contextSnapshots
    self.effectEncoding = effectEncoding
    self.initialContext = initialContext
    self.finalContext = finalContext
    self.entries = entries
  }

  /// Decodes a document; nested JSON becomes compact text.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when a field is missing or mistyped.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
    agent = try container.decode(String.self, forKey: .agent)
    startedAt = try container.decode(String.self, forKey: .startedAt)
    capacity = try container.decode(Int.self, forKey: .capacity)
    evictedEntries = try container.decode(Int.self, forKey: .evictedEntries)
    evictedEffects = try container.decode(Int.self, forKey: .evictedEffects)
    contextSnapshots = try container.decode(SnapshotStatus.self, forKey: .contextSnapshots)
    effectEncoding = try container.decode(EffectEncoding.self, forKey: .effectEncoding)
    initialContext = try container.decodeIfPresent(TimelineJSON.self, forKey: .initialContext)?.canonicalText
    finalContext = try container.decodeIfPresent(TimelineJSON.self, forKey: .finalContext)?.canonicalText
    entries = try container.decode([Entry].self, forKey: .entries)
  }

  /// Encodes the document; JSON text is written as nested JSON.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(schemaVersion, forKey: .schemaVersion)
    try container.encode(agent, forKey: .agent)
    try container.encode(startedAt, forKey: .startedAt)
    try container.encode(capacity, forKey: .capacity)
    try container.encode(evictedEntries, forKey: .evictedEntries)
    try container.encode(evictedEffects, forKey: .evictedEffects)
    try container.encode(contextSnapshots, forKey: .contextSnapshots)
    try container.encode(effectEncoding, forKey: .effectEncoding)
    try container.encodeIfPresent(initialContext.map(Entry.nested), forKey: .initialContext)
    try container.encodeIfPresent(finalContext.map(Entry.nested), forKey: .finalContext)
    try container.encode(entries, forKey: .entries)
  }

  /// The document as JSON, keys sorted.
  ///
  /// - Parameter prettyPrinted: Whether to indent the output. Defaults to `true`.
  /// - Returns: UTF-8 JSON.
  /// - Throws: ``AgentTimelineError/encodingFailed(_:)`` (not expected: every field is plain JSON).
  public func jsonData(prettyPrinted: Bool = true) throws(AgentTimelineError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = prettyPrinted ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys]
    do {
      return try encoder.encode(self)
    } catch {
      throw .encodingFailed(String(describing: error))
    }
  }

  /// Reads a document written by ``jsonData(prettyPrinted:)``.
  ///
  /// - Parameter data: The JSON.
  /// - Returns: The document.
  /// - Throws: ``AgentTimelineError/unsupportedSchemaVersion(found:supported:)``
  ///   for another schema version, ``AgentTimelineError/invalidDocument(_:)``
  ///   when the JSON does not follow the schema.
  public static func decode(from data: Data) throws(AgentTimelineError) -> AgentTimelineDocument {
    struct VersionProbe: Decodable { let schemaVersion: Int }
    let decoder = JSONDecoder()
    let version: Int
    do {
      version = try decoder.decode(VersionProbe.self, from: data).schemaVersion
    } catch {
      throw .invalidDocument("no integer \"schemaVersion\" at the top level: \(error)")
    }
    guard version == currentSchemaVersion else {
      throw .unsupportedSchemaVersion(found: version, supported: currentSchemaVersion)
    }
    do {
      return try decoder.decode(AgentTimelineDocument.self, from: data)
    } catch {
      throw .invalidDocument(String(describing: error))
    }
  }
}

/// Why a timeline could not be exported, read or replayed.
public enum AgentTimelineError: Error, Equatable, CustomStringConvertible {
  /// The timeline records nothing (capacity 0).
  case recordingDisabled
  /// Applied effects were evicted from the ring, so the session cannot be rebuilt.
  case historyTruncated(evictedEffects: Int)
  /// The effect type is not `Codable`, so the document holds no effect JSON.
  case effectsNotEncodable
  /// An `effectApplied` entry's JSON could not be decoded as the effect type.
  case effectNotDecodable(sequence: Int, reason: String)
  /// The document was written with a schema version this library does not read.
  case unsupportedSchemaVersion(found: Int, supported: Int)
  /// The JSON does not follow the timeline schema.
  case invalidDocument(String)
  /// The document could not be encoded.
  case encodingFailed(String)

  /// What went wrong and how to fix it.
  public var description: String {
    switch self {
    case .recordingDisabled:
      "the timeline is disabled (capacity 0); create the agent with AgentTimelineOptions(capacity: …) to record"
    case .historyTruncated(let count):
      "\(count) applied effect(s) were evicted from the timeline; raise AgentTimelineOptions.capacity to replay"
        + " whole sessions"
    case .effectsNotEncodable:
      "the timeline holds no effect JSON; make the effect type Codable to replay exported timelines"
    case .effectNotDecodable(let sequence, let reason):
      "entry \(sequence): effectJSON does not decode as the effect type (\(reason)); replay with the effect type"
        + " that recorded it, and note that redaction may have altered secret values"
    case .unsupportedSchemaVersion(let found, let supported):
      "timeline schema version \(found) is not supported (this library reads version \(supported)); export it"
        + " again with a matching library version"
    case .invalidDocument(let reason):
      "not a timeline document: \(reason)"
    case .encodingFailed(let reason):
      "the timeline could not be encoded: \(reason)"
    }
  }
}

import Foundation

extension AgentTimeline {
  /// Rebuilds a context by applying every recorded effect, in order, to
  /// `initial` with `reduce`.
  ///
  /// With the agent's initial context and reducer, the result equals the
  /// agent's context at the time of the last applied effect. Follow-up intents
  /// the reducer returns are ignored: their own effects are in the timeline.
  ///
  /// ```swift
  /// let agent = MessageAgent(context: MessageContext(), skills: [LoadMessagesSkill()], reduce: MessageReducer.reduce)
  /// await agent.send(.load).finish()
  /// let rebuilt = try agent.timeline.replay(from: MessageContext(), reduce: MessageReducer.reduce)
  /// #expect(rebuilt.messages == agent.messages)
  /// ```
  ///
  /// - Parameters:
  ///   - initial: The context to start from.
  ///   - reduce: The reducer.
  /// - Returns: The rebuilt context.
  /// - Throws: ``AgentTimelineError/recordingDisabled`` when nothing was
  ///   recorded, ``AgentTimelineError/historyTruncated(evictedEffects:)`` when
  ///   applied effects were evicted from the ring.
  public func replay(
    from initial: Context, reduce: @MainActor (inout Context, Effect) -> [Intent]
  ) throws(AgentTimelineError) -> Context {
    guard isEnabled else { throw .recordingDisabled }
    guard evictedEffectCount == 0 else { throw .historyTruncated(evictedEffects: evictedEffectCount) }
    var context = initial
    for entry in entries {
      if case .effectApplied(let effect) = entry.event { _ = reduce(&context, effect) }
    }
    return context
  }
}

extension AgentTimelineDocument {
  /// Rebuilds a context by decoding every applied effect and applying it, in
  /// order, to `initial` with `reduce`: a colleague's exported session,
  /// reproduced on your machine.
  ///
  /// ```swift
  /// let schema = FormSchema<SignUpField>().rules(.email, .required("Enter your email"))
  /// let data = try FormAgent(schema: schema) { values in try await api.signUp(values) }.exportTimeline().jsonData()
  /// let document = try AgentTimelineDocument.decode(from: data)
  /// let context = try document.replay(from: schema.makeContext(), effectType: FormEffect<SignUpField>.self,
  ///                                   reduce: schema.reduce)
  /// ```
  ///
  /// Redaction applies to effect JSON too: an effect carrying a secret replays
  /// with the placeholder in its place.
  ///
  /// - Parameters:
  ///   - initial: The context to start from.
  ///   - effectType: The effect type that recorded the document.
  ///   - reduce: The reducer.
  /// - Returns: The rebuilt context.
  /// - Throws: ``AgentTimelineError/effectsNotEncodable`` when the effect type
  ///   was not `Encodable`, ``AgentTimelineError/historyTruncated(evictedEffects:)``
  ///   when applied effects were evicted, ``AgentTimelineError/effectNotDecodable(sequence:reason:)``
  ///   when an effect does not decode, ``AgentTimelineError/unsupportedSchemaVersion(found:supported:)``
  ///   for another schema version.
  @MainActor
  public func replay<Context, Intent, Effect: Decodable>(
    from initial: Context,
    effectType: Effect.Type = Effect.self,
    reduce: @MainActor (inout Context, Effect) -> [Intent]
  ) throws(AgentTimelineError) -> Context {
    guard schemaVersion == Self.currentSchemaVersion else {
      throw .unsupportedSchemaVersion(found: schemaVersion, supported: Self.currentSchemaVersion)
    }
    guard effectEncoding == .json else { throw .effectsNotEncodable }
    guard evictedEffects == 0 else { throw .historyTruncated(evictedEffects: evictedEffects) }
    let decoder = JSONDecoder()
    var context = initial
    for entry in entries where entry.kind == .effectApplied {
      guard let json = entry.effectJSON else {
        throw .effectNotDecodable(sequence: entry.sequence, reason: "the entry has no effectJSON")
      }
      let effect: Effect
      do {
        effect = try decoder.decode(Effect.self, from: Data(json.utf8))
      } catch {
        throw .effectNotDecodable(sequence: entry.sequence, reason: String(describing: error))
      }
      _ = reduce(&context, effect)
    }
    return context
  }
}

import Foundation

extension AgentTimeline {
  /// The timeline as a JSON-ready document; see ``AgentTimelineDocument``
  /// for the schema.
  ///
  /// Texts are rendered now and passed through ``AgentTimelineOptions/redact``.
  /// A context that is not `Encodable` is simply left out (the document says
  /// `notEncodable`); an effect type that is not `Encodable` leaves out effect
  /// JSON, which makes the document impossible to replay.
  ///
  /// - Parameter finalContext: The context to record as the final one, usually
  ///   the agent's current context (``Agent/exportTimeline()`` passes it).
  /// - Returns: The document.
  public func export(finalContext: Context? = nil) -> AgentTimelineDocument {
    let redact = options.redact
    let contextEncodable = Context.self is any Encodable.Type
    let effectEncodable = Effect.self is any Encodable.Type
    let contextJSON: (Context) -> String? = { value in
      contextEncodable ? TimelineJSON.canonicalText(of: value, redact: redact) : nil
    }
    let effectJSON: (Effect) -> String? = { value in
      effectEncodable ? TimelineJSON.canonicalText(of: value, redact: redact) : nil
    }
    let describe: (Any) -> String = { redact(String(describing: $0)) }

    let documentEntries = entries.map { entry -> AgentTimelineDocument.Entry in
      var out = AgentTimelineDocument.Entry(
        sequence: entry.sequence, offsetMilliseconds: entry.offset.milliseconds, kind: entry.event.kind)
      out.run = entry.run
      out.skill = entry.event.skill.map(redact)
      out.durationMilliseconds = entry.event.duration?.milliseconds
      switch entry.event {
      case .intentReceived(let intent, let origin):
        out.intent = describe(intent)
        out.origin = origin
      case .followUp(let intent), .intentQueued(let intent):
        out.intent = describe(intent)
      case .intentVetoed(let intent, let reason):
        out.intent = describe(intent)
        out.message = redact(reason)
      case .intentForwarded(let intent, let parent):
        out.intent = describe(intent)
        out.message = redact("forwarded to \(parent)")
      case .intentDropped(let intent, let reason):
        out.intent = describe(intent)
        out.message = redact(reason)
      case .unhandled(let intent, let mounted):
        out.intent = describe(intent)
        out.skills = mounted.map(redact)
        out.message = redact(Self.unhandledMessage(intent: intent, mounted: mounted))
      case .skillChosen(_, let shadowed):
        out.skills = shadowed.isEmpty ? nil : shadowed.map(redact)
      case .skillStarted, .skillFinished, .skillMounted, .skillUnmounted:
        break
      case .skillFellThrough(_, let next, _):
        out.message = redact("fell through to \(next)")
      case .skillFailed(_, let error, _):
        out.message = describe(error)
      case .skillCancelled(_, let reason, _):
        out.message = reason.rawValue
      case .effectApplied(let effect):
        out.effect = describe(effect)
        out.effectJSON = effectJSON(effect)
      case .effectDropped(let effect, let reason):
        out.effect = describe(effect)
        out.effectJSON = effectJSON(effect)
        out.message = reason.description
      case .contextChanged(let context):
        out.context = contextJSON(context)
      }
      return out
    }

    let snapshots: AgentTimelineDocument.SnapshotStatus =
      !contextEncodable ? .notEncodable : (options.capturesContext ? .captured : .disabled)
    return AgentTimelineDocument(
      agent: agentTag,
      startedAt: startedAt.ISO8601Format(),
      capacity: options.capacity,
      evictedEntries: evictedCount,
      evictedEffects: evictedEffectCount,
      contextSnapshots: snapshots,
      effectEncoding: effectEncodable ? .json : .notEncodable,
      initialContext: initialContext.flatMap(contextJSON),
      finalContext: finalContext.flatMap(contextJSON),
      entries: documentEntries)
  }

  /// `no skill handled load; mounted: CacheSkill(10), NetworkSkill(100)`.
  nonisolated static func unhandledMessage(intent: Intent, mounted: [String]) -> String {
    "no skill handled \(intent); mounted: \(mounted.isEmpty ? "none" : mounted.joined(separator: ", "))"
  }
}

extension Duration {
  /// The duration in milliseconds.
  var milliseconds: Double {
    Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
  }
}

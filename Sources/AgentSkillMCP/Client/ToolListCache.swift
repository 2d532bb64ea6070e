import AgentSkill

/// The tools a server listed, kept while its `ttlMs` hint says they are fresh (revision 2026-07-28's cache
/// hints); `notifications/tools/list_changed` empties it.
struct ToolListCache: Sendable {
  private struct Entry: Sendable {
    let tools: [MCPTool]
    let isFresh: @Sendable () -> Bool
  }

  private let state = LockIsolated<(entry: Entry?, generation: Int)>((nil, 0))

  /// The cached tools while they are fresh.
  var fresh: [MCPTool]? {
    guard let entry = state.value.entry, entry.isFresh() else { return nil }
    return entry.tools
  }

  /// Where the cache is now; a listing started at one generation is stored only if none has ended since.
  var generation: Int { state.value.generation }

  /// Keeps `tools` for `ttl` on `clock`, unless the list changed since `generation`.
  func store<C: Clock<Duration>>(_ tools: [MCPTool], for ttl: Duration, on clock: C, listedAt generation: Int) {
    let expiry = clock.now.advanced(by: ttl)
    let entry = Entry(tools: tools, isFresh: { clock.now < expiry })
    state.withValue { state in
      if state.generation == generation { state.entry = entry }
    }
  }

  /// Forgets the tools: the server said they changed.
  func invalidate() {
    state.withValue { state in
      state.entry = nil
      state.generation += 1
    }
  }
}

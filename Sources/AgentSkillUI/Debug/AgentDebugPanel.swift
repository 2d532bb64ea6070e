#if canImport(SwiftUI)
  import AgentSkill
  import SwiftUI

  /// A live view of an agent's timeline: how long each skill took, every
  /// recorded step (newest first), a filter by skill, and an export of the
  /// timeline as a JSON file.
  ///
  /// ```swift
  /// struct MessagesScreen: View {
  ///   @Environment(MessageAgent.self) private var agent
  ///   @State private var showsDebugPanel = false
  ///   var body: some View {
  ///     MessageList()
  ///       .toolbar {
  ///         Button("Debug", systemImage: "ladybug") { showsDebugPanel = true }
  ///       }
  ///       .sheet(isPresented: $showsDebugPanel) {
  ///         NavigationStack { AgentDebugPanel(agent) }
  ///       }
  ///   }
  /// }
  /// ```
  ///
  /// The panel observes ``/AgentSkill/AgentTimeline/revision``, which changes
  /// at most once per main-actor turn of the agent, so it refreshes without
  /// making the agent's context observers refresh too. Every text passes
  /// through the timeline's redaction, like the export. The export is
  /// rendered when it is shared, so it holds everything recorded until
  /// then; sharing is unavailable on tvOS.
  public struct AgentDebugPanel<Context: Sendable, Intent: Sendable, Effect: Sendable>: View {
    private let agent: Agent<Context, Intent, Effect>
    @State private var skillFilter: String?
    @Environment(\.locale) private var locale

    /// Creates a debug panel.
    ///
    /// - Parameter agent: The agent whose timeline to show.
    public init(_ agent: Agent<Context, Intent, Effect>) {
      self.agent = agent
    }

    /// The panel: summary, skill timings, filter and timeline.
    public var body: some View {
      let timeline = agent.timeline
      List {
        Section {
          TimelineHeader(
            agentTag: timeline.agentTag, count: timeline.count, estimatedBytes: timeline.estimatedBytes,
            evicted: timeline.evictedCount, isEnabled: timeline.isEnabled)
          #if !os(tvOS)
            ShareLink(item: TimelineExport(agent: agent), preview: SharePreview(text("debug.title"))) {
              Label(text("debug.export"), systemImage: "square.and.arrow.up")
            }
          #endif
        }
        let timings = timeline.skillTimings
        if !timings.isEmpty {
          Section(text("debug.skills")) {
            ForEach(timings) { SkillTimingRow(timing: $0) }
          }
        }
        Section(text("debug.timeline")) {
          Picker(text("debug.filter"), selection: $skillFilter) {
            Text(verbatim: text("debug.filter.all")).tag(String?.none)
            ForEach(timeline.skillNames, id: \.self) { name in
              Text(name).tag(String?.some(name))
            }
          }
          let entries = skillFilter.map { timeline.entries(involving: $0) } ?? timeline.entries
          ForEach(entries.reversed(), id: \.sequence) { entry in
            TimelineEntryRow(
              kind: entry.event.kind, summary: timeline.summary(of: entry), offset: entry.offset, run: entry.run)
          }
        }
      }
      .navigationTitle(text("debug.title"))
    }

    /// The library's text for `key` in the view's locale.
    private func text(_ key: String) -> String {
      AgentSkillLocalization.string(key, locale: locale)
    }
  }

  /// The agent's tag and how much the timeline holds.
  private struct TimelineHeader: View {
    let agentTag: String
    let count: Int
    let estimatedBytes: Int
    let evicted: Int
    let isEnabled: Bool
    @Environment(\.locale) private var locale

    var body: some View {
      VStack(alignment: .leading, spacing: 4) {
        Text(agentTag).font(.headline)
        if isEnabled {
          let kilobytes = max(1, (estimatedBytes + 512) / 1_024)
          Text(verbatim: AgentSkillLocalization.string("debug.size", "\(count)", "\(kilobytes)", locale: locale))
            .font(.subheadline)
            .foregroundStyle(.secondary)
          if evicted > 0 {
            Text(verbatim: AgentSkillLocalization.string("debug.evicted", "\(evicted)", locale: locale))
              .font(.footnote)
              .foregroundStyle(.secondary)
          }
        } else {
          Text(verbatim: AgentSkillLocalization.string("debug.off", locale: locale))
            .font(.subheadline)
            .foregroundStyle(.secondary)
        }
      }
      .accessibilityElement(children: .combine)
    }
  }
#endif

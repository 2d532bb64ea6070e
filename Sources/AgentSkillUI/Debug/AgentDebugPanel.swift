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
            ShareLink(item: TimelineExport(agent: agent), preview: SharePreview("Agent timeline")) {
              Label("Export JSON", systemImage: "square.and.arrow.up")
            }
          #endif
        }
        let timings = timeline.skillTimings
        if !timings.isEmpty {
          Section("Skills") {
            ForEach(timings) { SkillTimingRow(timing: $0) }
          }
        }
        Section("Timeline") {
          Picker("Skill", selection: $skillFilter) {
            Text("All skills").tag(String?.none)
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
      .navigationTitle("Agent timeline")
    }
  }

  /// The agent's tag and how much the timeline holds.
  private struct TimelineHeader: View {
    let agentTag: String
    let count: Int
    let estimatedBytes: Int
    let evicted: Int
    let isEnabled: Bool

    var body: some View {
      VStack(alignment: .leading, spacing: 4) {
        Text(agentTag).font(.headline)
        if isEnabled {
          Text("\(count) entries, about \(max(1, (estimatedBytes + 512) / 1_024)) KB")
            .font(.subheadline)
            .foregroundStyle(.secondary)
          if evicted > 0 {
            Text("\(evicted) older entries were evicted").font(.footnote).foregroundStyle(.secondary)
          }
        } else {
          Text(
            "The timeline is off (release builds record nothing by default): "
              + "create the agent with timeline: AgentTimelineOptions() to record."
          )
          .font(.subheadline)
          .foregroundStyle(.secondary)
        }
      }
      .accessibilityElement(children: .combine)
    }
  }
#endif

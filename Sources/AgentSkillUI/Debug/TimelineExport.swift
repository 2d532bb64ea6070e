#if canImport(SwiftUI)
  import AgentSkill
  import CoreTransferable
  import Foundation
  import UniformTypeIdentifiers

  /// An agent's timeline as a shareable JSON file, rendered only when it is
  /// shared — building the panel never pays for an export.
  struct TimelineExport: Transferable {
    /// Renders the document of the agent's timeline.
    let render: @MainActor @Sendable () throws -> Data

    init<Context, Intent, Effect>(agent: Agent<Context, Intent, Effect>) {
      render = { try agent.exportTimeline().jsonData() }
    }

    static var transferRepresentation: some TransferRepresentation {
      DataRepresentation(exportedContentType: .json) { export in
        try await export.render()
      }
      .suggestedFileName("agent-timeline.json")
    }
  }
#endif

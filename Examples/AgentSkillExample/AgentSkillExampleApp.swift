import AgentSkill
import SwiftUI

/// The example app: the messages screen of seed 000 — load, refresh,
/// retry after a failure, paginate, stream an assistant reply — built from
/// the standard list feature and AgentSkillUI's views.
@main
struct AgentSkillExampleApp: App {
  var body: some Scene {
    WindowGroup {
      MessagesScreen()
    }
  }
}

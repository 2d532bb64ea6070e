import AgentSkill
import SwiftUI

/// The example app: a messages screen — load, refresh, retry after a
/// failure, paginate, stream an assistant reply — built from the standard
/// list feature, and an assistant — a chat whose model uses skills — built
/// from `ChatView`.
@main
struct AgentSkillExampleApp: App {
  var body: some Scene {
    WindowGroup {
      TabView {
        MessagesScreen()
          .tabItem { Label("Messages", systemImage: "tray") }
        AssistantScreen()
          .tabItem { Label("Assistant", systemImage: "sparkles") }
      }
    }
  }
}

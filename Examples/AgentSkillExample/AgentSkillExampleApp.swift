import AgentSkill
import SwiftUI

/// The example app: seed 000's messages screen — load, refresh, retry after
/// a failure, paginate, stream an assistant reply — built from the standard
/// list feature, and seed 004's assistant — a chat whose model uses skills —
/// built from `ChatView`.
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

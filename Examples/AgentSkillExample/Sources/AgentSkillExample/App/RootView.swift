#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillUI
  import SwiftUI

  /// The app's window: the tabs, the settings sheet and deep links, all
  /// bound to the root agent's state.
  struct RootView: View {
    let root: AppRoot

    var body: some View {
      TabView(selection: root.agent.binding(\.tab, apply: AppEffect.selectTab)) {
        MessagesScreen(root: root)
          .tabItem { Label("Messages", systemImage: "tray") }
          .tag(AppTab.messages)
        AssistantScreen(root: root)
          .tabItem { Label("Assistant", systemImage: "sparkles") }
          .tag(AppTab.assistant)
        NotesScreen().tabItem { Label("Notes", systemImage: "note.text") }.tag(AppTab.notes)
      }
      .sheet(item: root.agent.binding(\.sheet, apply: AppEffect.present)) { _ in
        NavigationStack { SettingsScreen(root: root) }
      }
      .onOpenURL { root.open($0) }
    }
  }
#endif

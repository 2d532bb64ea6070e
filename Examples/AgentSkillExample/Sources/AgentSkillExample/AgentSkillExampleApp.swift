#if canImport(SwiftUI)
  import SwiftUI
  #if canImport(AppKit)
    import AppKit
  #endif

  /// The example app: the messages screen — load, refresh, retry after a
  /// failure, paginate, stream an assistant reply — built from the standard
  /// list feature, and the assistant — a chat whose model uses skills —
  /// built from `ChatView`.
  @main
  struct AgentSkillExampleApp: App {
    #if canImport(AppKit)
      @NSApplicationDelegateAdaptor private var appDelegate: AppDelegate
    #endif

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

  #if canImport(AppKit)
    /// Brings the window to the front when the app is started with
    /// `swift run`: an executable without an app bundle starts as a
    /// background process, without a Dock icon, behind the terminal.
    ///
    /// `activate()` is the macOS 14 replacement of
    /// `activate(ignoringOtherApps:)`, which current SDKs deprecate as of
    /// macOS 14, the app's deployment target.
    final class AppDelegate: NSObject, NSApplicationDelegate {
      func applicationDidFinishLaunching(_ notification: Notification) {
        NSApplication.shared.setActivationPolicy(.regular)
        NSApplication.shared.activate()
      }
    }
  #endif
#else
  /// The example app needs SwiftUI; on other platforms (Linux) the target
  /// still builds, and running it says where the app runs.
  @main
  enum AgentSkillExampleApp {
    static func main() {
      print("AgentSkillExample is a SwiftUI app: run it on macOS (swift run) or iOS (see README)")
    }
  }
#endif

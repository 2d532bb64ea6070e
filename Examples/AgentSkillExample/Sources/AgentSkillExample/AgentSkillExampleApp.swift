#if canImport(SwiftUI)
  import SwiftUI
  #if canImport(AppKit)
    import AppKit
  #endif

  /// The example app: a root agent (`AppRoot`) owns the tabs, the messages
  /// tab's navigation path — inbox → message → reply — and the settings; the
  /// inbox is the standard list feature (load, refresh, retry after a failure,
  /// paginate, stream an assistant reply); the assistant is a chat whose model
  /// uses skills, built from `ChatView`.
  @main
  struct AgentSkillExampleApp: App {
    #if canImport(AppKit)
      @NSApplicationDelegateAdaptor private var appDelegate: AppDelegate
    #endif

    @State private var root = AppRoot()

    var body: some Scene {
      WindowGroup {
        RootView(root: root)
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

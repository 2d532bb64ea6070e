#if canImport(SwiftUI)
  import AgentSkill
  import SwiftUI

  /// The preferences; turning off reminders takes the reminder skill away from the assistant's model.
  struct SettingsScreen: View {
    let root: AppRoot
    @Environment(\.dismiss) private var dismiss

    var body: some View {
      Form {
        Toggle("The assistant may create reminders", isOn: remindersAllowed)
      }
      .navigationTitle("Settings")
      .toolbar {
        ToolbarItem(placement: .confirmationAction) {
          Button("Done") { dismiss() }
        }
      }
    }

    /// Writes through the root, which also offers or withdraws the skill.
    private var remindersAllowed: Binding<Bool> {
      let root = root
      return Binding(
        get: { MainActor.assumeIsolated { root.agent.settings.assistantCreatesReminders } },
        set: { allowed in MainActor.assumeIsolated { root.apply(.setAssistantCreatesReminders(allowed)) } })
    }
  }
#endif

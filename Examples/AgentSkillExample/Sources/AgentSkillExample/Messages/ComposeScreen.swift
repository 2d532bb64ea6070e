#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillForms
  import AgentSkillUI
  import SwiftUI

  /// Writes a new message. Every field is bound to the form's agent: the
  /// view keeps no copy of the text, so the rules' errors, the recipient's
  /// check and a reset all show the agent's state as it is. The root created
  /// the agent when the screen was pushed; once the message is sent, the
  /// agent tells the root, which pops the screen.
  struct ComposeScreen: View {
    let form: FormAgent<ComposeField>

    var body: some View {
      Form {
        Section {
          TextField("To", text: form.binding(for: .recipient))
            .autocorrectionDisabled()
          FieldMessage(form: form, field: .recipient)
          TextField("Subject", text: form.binding(for: .subject))
          FieldMessage(form: form, field: .subject)
        }
        Section("Message") {
          TextField("Message", text: form.binding(for: .body), axis: .vertical)
            .lineLimit(4...10)
          FieldMessage(form: form, field: .body)
        }
        if case .failed(let message) = form.submission {
          Text(message).foregroundStyle(.red)
        }
      }
      .navigationTitle("New message")
      .toolbar {
        ToolbarItem(placement: .cancellationAction) {
          Button("Clear") { form.send(.reset) }
        }
        ToolbarItem(placement: .confirmationAction) {
          Button("Send") { form.send(.submit) }
            .disabled(!form.isValid || form.submission == .submitting)
        }
      }
    }
  }

  /// A field's error, or "Checking…" while its asynchronous check runs.
  private struct FieldMessage: View {
    let form: FormAgent<ComposeField>
    let field: ComposeField

    var body: some View {
      if let error = form.errors[field] {
        Text(error).font(.footnote).foregroundStyle(.red)
      } else if form.checking.contains(field) {
        Text("Checking…").font(.footnote).foregroundStyle(.secondary)
      }
    }
  }
#endif

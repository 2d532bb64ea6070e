#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillUI
  import SwiftUI

  /// Writes a new message. Every field is bound to the form's agent: the
  /// view keeps no copy of the text, so the rules' errors, the recipient's
  /// check and a reset all show the agent's state as it is.
  struct ComposeScreen: View {
    @State private var form: FormAgent<ComposeField>
    @Environment(\.dismiss) private var dismiss

    init(server: MessageServer) {
      _form = State(
        initialValue: ComposeForm.makeAgent(
          contacts: { try await server.isContact($0) }, send: { try await server.send($0) }))
    }

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
      .onChange(of: form.submission) { _, submission in
        if submission == .succeeded { dismiss() }
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

import AgentSkill
import AgentSkillForms
import Foundation

/// The fields of a new message.
enum ComposeField: String, Hashable, Sendable, CaseIterable {
  case recipient, subject, body
}

/// A new message's form: the rules run on every keystroke, in the reducer;
/// whether the recipient is a known contact is checked after the user stops
/// typing for half a second.
enum ComposeForm {
  /// The fields, their rules and the recipient's check against `contacts`.
  static func schema(contacts: @escaping @Sendable (String) async throws -> Bool) -> FormSchema<ComposeField> {
    FormSchema<ComposeField>()
      .rules(.recipient, .required("Who is it for?"), .email("That doesn't look like an email address"))
      .check(.recipient, debounce: .milliseconds(500)) { address in
        try await contacts(address) ? nil : "Not in your contacts"
      }
      .rules(.subject, .required("Add a subject"), .maxLength(80, "Keep the subject under 80 characters"))
      .rules(.body, .required("Write something"))
  }

  /// The form's agent: `send` delivers the message once every field is valid.
  @MainActor
  static func makeAgent(
    contacts: @escaping @Sendable (String) async throws -> Bool,
    environment: SkillEnvironment = SkillEnvironment(),
    send: @escaping @Sendable ([ComposeField: String]) async throws -> Void
  ) -> FormAgent<ComposeField> {
    FormAgent(
      schema: schema(contacts: contacts), submitFailureMessage: "Couldn't send the message. Try again.",
      name: "ComposeAgent", environment: environment, submit: send)
  }
}

import AgentSkill
import AgentSkillAutonomy
import AgentSkillForms
import Foundation

/// Keeps a message being written safe: 1.8 s after the user stops typing,
/// the form's values are saved to a draft store; opening the same compose
/// screen again restores them; leaving the screen saves what is pending at
/// once, and sending the message deletes the draft.
///
/// A draft is a plain `[String: String]` (field name → text), so the store
/// can be any ``DraftStore`` — files in Application Support in the app,
/// a temporary directory in tests.
@MainActor
final class ComposeDraft {
  /// How long the user must stop typing before the draft is saved.
  static let quietPeriod: Duration = .milliseconds(1800)

  /// The draft's key in the store: one draft per reply, one for a new message.
  let id: String
  private let store: any DraftStore<[String: String]>
  private let saver: Debouncer<[String: String]>
  private var observation: ContinuousObservation?
  /// The restore started when the screen opened; tests await it.
  private(set) var restored: Task<Void, Never>?
  private var isDiscarded = false

  init(id: String, store: any DraftStore<[String: String]>, clock: any Clock<Duration>) {
    self.id = id
    self.store = store
    // `.enqueue`: a save in progress finishes; the next one runs after it.
    saver = Debouncer(for: Self.quietPeriod, overlap: .enqueue, clock: clock) { values in
      do {
        try await store.save(values, id: id)
      } catch {
        // The text stays in the form; the next pause tries again.
        print("Couldn't save the draft \(id): \(error)")
      }
    }
  }

  /// Restores the saved draft into `form` and saves its edits from now on.
  func attach(to form: FormAgent<ComposeField>) {
    let saver = saver
    observation = ContinuousObservation(
      of: { [weak form] in form?.context.values ?? [:] }, initial: false,
      onChange: { values in saver.send(Dictionary(uniqueKeysWithValues: values.map { ($0.key.rawValue, $0.value) })) })
    restored = Task { [weak form, store, id] in
      guard let saved = try? await store.load(id: id), let form else { return }
      Self.restore(saved, into: form)
    }
  }

  /// Puts the saved text back into the fields the user has not typed in yet.
  private static func restore(_ saved: [String: String], into form: FormAgent<ComposeField>) {
    for field in ComposeField.allCases where form.context.value(of: field).isEmpty {
      if let text = saved[field.rawValue], !text.isEmpty { form.apply(.setValue(field, text)) }
    }
  }

  /// The screen is closing: save what is pending now, unless the message was sent.
  func close() {
    restored?.cancel()
    observation = nil
    if !isDiscarded { saver.flush() }
  }

  /// The message was sent: the draft is no longer needed.
  func discard() async {
    isDiscarded = true
    observation = nil
    saver.cancel()
    do {
      try await store.delete(id: id)
    } catch {
      print("Couldn't delete the draft \(id): \(error)")
    }
  }
}

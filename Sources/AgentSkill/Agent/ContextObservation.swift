import Observation

/// Observation of an agent's context, per field.
///
/// Reading ``Agent/context`` registers the whole context; reading a field
/// through the agent's dynamic member lookup (`agent.items`) registers only
/// that field, under the key path `\Agent.context.items`. After a batch of
/// effects changed the context, observers of the whole context are notified,
/// and the observers of each field that was ever read this way are notified
/// when that field's value changed: compared with `==` when it is
/// `Equatable` (an array compares its storage first, so an untouched array
/// costs one pointer comparison), always for other types.
///
/// Cost: one dictionary lookup per field read, and one comparison per read
/// field per batch of effects.
@MainActor
final class ContextObservation<Subject: Observable & AnyObject, Context> {
  /// One field that was read, with what its notifications need.
  private struct Field {
    let access: (Subject, ObservationRegistrar) -> Void
    let hasChanged: (Context, Context) -> Bool
    let willSet: (Subject, ObservationRegistrar) -> Void
    let didSet: (Subject, ObservationRegistrar) -> Void
  }

  private let registrar = ObservationRegistrar()
  private let whole: KeyPath<Subject, Context>
  private var fields: [AnyKeyPath: Field] = [:]

  init(_ whole: KeyPath<Subject, Context>) {
    self.whole = whole
  }

  /// Registers a read of the whole context.
  func accessWhole(_ subject: Subject) {
    registrar.access(subject, keyPath: whole)
  }

  /// Registers a read of `field` alone.
  ///
  /// - Parameter isEqual: How to tell whether the field changed, or `nil`
  ///   to treat every batch as a change.
  func access<Value>(
    _ subject: Subject, field: KeyPath<Context, Value>, isEqual: ((Value, Value) -> Bool)?
  ) {
    if let tracked = fields[field] {
      tracked.access(subject, registrar)
      return
    }
    let path = whole.appending(path: field)
    let tracked = Field(
      access: { subject, registrar in registrar.access(subject, keyPath: path) },
      hasChanged: { old, new in
        guard let isEqual else { return true }
        return !isEqual(old[keyPath: field], new[keyPath: field])
      },
      willSet: { subject, registrar in registrar.willSet(subject, keyPath: path) },
      didSet: { subject, registrar in registrar.didSet(subject, keyPath: path) })
    fields[field] = tracked
    tracked.access(subject, registrar)
  }

  /// Registers a read of one of the subject's own members (not the context's).
  func access<Member>(_ subject: Subject, member: KeyPath<Subject, Member>) {
    registrar.access(subject, keyPath: member)
  }

  /// Notifies the observers of one of the subject's own members.
  func notify<Member>(_ subject: Subject, member: KeyPath<Subject, Member>) {
    registrar.willSet(subject, keyPath: member)
    registrar.didSet(subject, keyPath: member)
  }

  /// Notifies the observers of the whole context, and of every read field
  /// whose value differs between `old` and `new`.
  func publishChange(of subject: Subject, from old: Context, to new: Context) {
    let changed = fields.values.filter { $0.hasChanged(old, new) }
    registrar.willSet(subject, keyPath: whole)
    for field in changed { field.willSet(subject, registrar) }
    registrar.didSet(subject, keyPath: whole)
    for field in changed { field.didSet(subject, registrar) }
  }
}

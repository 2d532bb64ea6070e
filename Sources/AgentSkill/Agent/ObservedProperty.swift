import Observation

/// One observable property of an agent or a timeline, with what its
/// registrar calls need built once.
///
/// Called from an unspecialized generic class, `ObservationRegistrar`'s
/// methods look up the class's `Observable` conformance on every call; this
/// object carries the conformance in its own type, so reading the context in
/// a view and applying a batch of effects pay no such lookup.
final class ObservedProperty<Subject: Observable & AnyObject, Value>: @unchecked Sendable {
  /// The owner of the property, which owns this object.
  private unowned(unsafe) let subject: Subject
  private let keyPath: KeyPath<Subject, Value>
  private let registrar = ObservationRegistrar()

  init(_ subject: Subject, _ keyPath: KeyPath<Subject, Value>) {
    self.subject = subject
    self.keyPath = keyPath
  }

  /// Registers a read of the property with the current observation scope.
  func access() {
    registrar.access(subject, keyPath: keyPath)
  }

  /// Announces a change of the property.
  func willSet() {
    registrar.willSet(subject, keyPath: keyPath)
  }

  /// Completes the change ``willSet()`` announced.
  func didSet() {
    registrar.didSet(subject, keyPath: keyPath)
  }
}

import Observation

/// Calls you back whenever a value derived from observable state changes —
/// tracking exactly the properties the derivation reads, not the ones a view
/// body happens to read.
///
/// `onChange(of:)` in SwiftUI, and `withObservationTracking`, only notice
/// changes to properties that were *read* while tracking. A property a body
/// never reads registers nothing, so its changes go unnoticed. This
/// observation reads what you name, re-registers after every change (a
/// single `withObservationTracking` call fires once), and calls `onChange`
/// only when the value actually differs:
///
/// ```swift
/// let observation = ContinuousObservation(
///   of: { agent.phase },
///   onChange: { phase in print("phase:", phase) }   // every distinct phase, once
/// )
/// // …
/// observation.cancel()                          // or let it go: releasing it stops it
/// ```
///
/// Guarantees:
/// - `read` and `onChange` run on the main actor. Changes made in one
///   main-actor turn (an ``Agent`` applies a batch of effects in one) are
///   delivered once, after the turn, with the final value.
/// - `onChange` is called only for values different from the last one
///   delivered (or, with `initial: false`, from the value at creation).
/// - ``cancel()`` or releasing the observation stops it; it never keeps
///   what it observes alive beyond what `read` captures.
@MainActor
public final class ContinuousObservation {
  private var loop: AnyObject?

  /// Starts observing.
  ///
  /// - Parameters:
  ///   - read: Derives the value from observable state; every observable
  ///     property it reads is tracked. Runs on the main actor, now and after
  ///     each change.
  ///   - initial: Whether `onChange` also receives the current value now.
  ///     Defaults to `true`.
  ///   - onChange: Receives each new value.
  public init<Value: Equatable>(
    of read: @escaping @MainActor () -> Value,
    initial: Bool = true,
    onChange: @escaping @MainActor (Value) -> Void
  ) {
    let loop = ObservationLoop(read: read, onChange: onChange)
    self.loop = loop
    loop.start(deliveringInitialValue: initial)
  }

  /// Whether the observation has been cancelled.
  public var isCancelled: Bool { loop == nil }

  /// Stops the observation; `onChange` is not called again.
  public func cancel() {
    loop = nil
  }
}

/// The part of the tracking loop a change notification reaches: not
/// generic, so the `@Sendable` notification captures nothing but a weak
/// reference to it.
@MainActor
private class ObservationStep {
  func changed() {}

  /// The notification for `withObservationTracking`: called before the
  /// change is made, on the changing thread, it schedules a read of the new
  /// value on the main actor once the change is done.
  nonisolated static func notification(for step: ObservationStep) -> @Sendable () -> Void {
    { [weak step] in
      Task { @MainActor [weak step] in
        step?.changed()
      }
    }
  }
}

/// The tracking loop of a ``ContinuousObservation``; alive only while the
/// observation holds it.
@MainActor
private final class ObservationLoop<Value: Equatable>: ObservationStep {
  private let read: @MainActor () -> Value
  private let onChange: @MainActor (Value) -> Void
  private var last: Value?

  init(read: @escaping @MainActor () -> Value, onChange: @escaping @MainActor (Value) -> Void) {
    self.read = read
    self.onChange = onChange
  }

  func start(deliveringInitialValue: Bool) {
    let value = track()
    last = value
    if deliveringInitialValue { onChange(value) }
  }

  private func track() -> Value {
    withObservationTracking({ read() }, onChange: Self.notification(for: self))
  }

  override func changed() {
    let value = track()
    guard value != last else { return }
    last = value
    onChange(value)
  }
}

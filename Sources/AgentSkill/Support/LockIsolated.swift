import Foundation

/// A value protected by a lock, for state shared between tasks and actors.
///
/// Every access goes through the lock: ``value`` returns a copy read under
/// it, and ``withValue(_:)`` lends the value to a closure for the duration
/// of one critical section. The value itself never escapes the lock by
/// reference, so the box is `Sendable` whenever the value is.
///
/// ```swift
/// let count = LockIsolated(0)
/// count.withValue { $0 += 1 }
/// ```
package final class LockIsolated<Value> {
  /// The value; read and written only while `lock` is held.
  private var storage: Value
  private let lock = NSLock()

  /// Wraps `value`.
  ///
  /// - Parameter value: The initial value.
  package init(_ value: Value) {
    self.storage = value
  }

  /// A copy of the current value.
  package var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }

  /// Reads or mutates the value while holding the lock.
  ///
  /// The lock is not recursive: `body` must not call back into this box
  /// (that deadlocks), and should not block or wait for other work.
  ///
  /// - Parameter body: Receives the value in place.
  /// - Returns: What `body` returns.
  /// - Throws: Whatever `body` throws; the lock is released either way.
  @discardableResult
  package func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&storage)
  }

  /// Replaces the value.
  ///
  /// - Parameter newValue: The new value.
  package func setValue(_ newValue: Value) {
    withValue { $0 = newValue }
  }
}

// Safety: `storage`, the only mutable field, is read and written only between
// `lock.lock()` and `lock.unlock()` (in `value` and `withValue(_:)`, which
// `setValue(_:)` uses); `lock` is a `let`. `withValue` lends `storage` inout
// to a non-escaping closure only, so no reference to it outlives the critical
// section. Values cross threads through the box only as copies of a
// `Sendable` `Value`, hence the condition.
extension LockIsolated: @unchecked Sendable where Value: Sendable {}

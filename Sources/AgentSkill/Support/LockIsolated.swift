import Foundation

/// A value protected by a lock, for state shared between tasks and actors.
///
/// ```swift
/// let count = LockIsolated(0)
/// count.withValue { $0 += 1 }
/// ```
package final class LockIsolated<Value>: @unchecked Sendable {
  private var storage: Value
  private let lock = NSLock()

  /// Wraps `value`.
  ///
  /// - Parameter value: The initial value.
  package init(_ value: Value) {
    self.storage = value
  }

  /// The current value.
  package var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }

  /// Reads or mutates the value while holding the lock.
  ///
  /// - Parameter body: Receives the value in place; must not block or re-enter.
  /// - Returns: What `body` returns.
  /// - Throws: Whatever `body` throws.
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

import Foundation

/// Runs work on a thread with a 512 KB stack, the size of secondary threads
/// on Apple platforms, to prove deep input cannot overflow it.
enum SmallStack {
  /// The stack size used.
  static let size = 512 << 10

  /// The result of `body`, run on a fresh thread with a ``size`` stack.
  static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      let thread = Thread { continuation.resume(returning: body()) }
      thread.stackSize = size
      thread.start()
    }
  }
}

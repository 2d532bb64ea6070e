/// Effects waiting to be applied, in emission order: the inbox fills one,
/// the drain swaps it for its own and reads it.
///
/// A raw buffer rather than an array: in the agent's unspecialized generic
/// code, every operation on an `Array<Effect>` looks up the array's generic
/// metadata, while this class reaches `Effect` through its own type.
final class AgentEffectQueue<Effect>: @unchecked Sendable {
  private var storage: UnsafeMutablePointer<Effect>
  private var capacity: Int
  /// The number of effects in the queue.
  private(set) var count = 0

  init(capacity: Int = 8) {
    self.capacity = max(capacity, 1)
    self.storage = .allocate(capacity: max(capacity, 1))
  }

  deinit {
    storage.deinitialize(count: count)
    storage.deallocate()
  }

  var isEmpty: Bool { count == 0 }

  /// The effect at `index`, which must be below ``count``.
  subscript(index: Int) -> Effect {
    precondition(index >= 0 && index < count, "effect index out of range")
    return storage[index]
  }

  func append(_ effect: Effect) {
    if count == capacity { grow() }
    (storage + count).initialize(to: effect)
    count += 1
  }

  func append(contentsOf effects: [Effect]) {
    for effect in effects { append(effect) }
  }

  /// Removes every effect, keeping the capacity.
  func removeAll() {
    storage.deinitialize(count: count)
    count = 0
  }

  /// Exchanges the contents of this queue and `other`.
  func swapContents(with other: AgentEffectQueue<Effect>) {
    let storage = self.storage
    let capacity = self.capacity
    let count = self.count
    self.storage = other.storage
    self.capacity = other.capacity
    self.count = other.count
    other.storage = storage
    other.capacity = capacity
    other.count = count
  }

  private func grow() {
    let newCapacity = capacity * 2
    let newStorage = UnsafeMutablePointer<Effect>.allocate(capacity: newCapacity)
    newStorage.moveInitialize(from: storage, count: count)
    storage.deallocate()
    storage = newStorage
    capacity = newCapacity
  }
}

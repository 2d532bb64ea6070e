/// The bookkeeping of an ``AgentTimeline``'s ring, apart from the entries:
/// which slot holds the oldest entry, how many are live, each slot's
/// estimated bytes and whether it is an applied effect, and the eviction
/// counts.
///
/// The timeline keeps its entries in an array of the same length and
/// applies each ``Insertion`` to it. Keeping this state in one non-generic
/// value makes recording one exclusive access here and one write there.
struct TimelineRing {
  /// What the timeline keeps about a slot besides its entry.
  struct Slot {
    /// The entry's estimated bytes.
    var bytes: Int
    /// Whether the entry is an applied effect.
    var isEffect: Bool
  }

  /// Where an entry goes, and what the entries array must do first.
  struct Insertion {
    /// When the array must grow first: its new length, and the slot its
    /// oldest entry was in (the array is laid out again from slot 0).
    var growth: (count: Int, oldHead: Int)?
    /// The first slot to clear (its entry was evicted) and how many, wrapping at the end.
    var clearStart: Int
    var clearCount: Int
    /// The slot the new entry goes to.
    var slot: Int
  }

  let capacity: Int
  let byteBudget: Int
  private(set) var slots: [Slot] = []
  /// The slot of the oldest entry.
  private(set) var head = 0
  /// How many entries are live.
  private(set) var count = 0
  private(set) var estimatedBytes = 0
  private(set) var evictedCount = 0
  private(set) var evictedEffectCount = 0

  /// Makes room for an entry of `bytes` — evicting the oldest entries while
  /// the ring is at its capacity or would exceed its byte budget, growing
  /// when every slot is taken — and records it.
  ///
  /// - Parameters:
  ///   - bytes: The entry's estimated bytes.
  ///   - isEffect: Whether it is an applied effect.
  /// - Returns: What the entries array must do.
  mutating func insert(bytes: Int, isEffect: Bool) -> Insertion {
    var insertion = Insertion(growth: nil, clearStart: 0, clearCount: 0, slot: 0)
    if count > 0, count == capacity || estimatedBytes + bytes > byteBudget {
      // head + count is where the new entry goes, and stays so while the
      // oldest entries leave. When every slot was taken, that is the oldest
      // entry's slot: it is overwritten, not cleared.
      let wasFull = count == slots.count
      var evicted = 0
      repeat {
        let slot = slots[head]
        estimatedBytes -= slot.bytes
        if slot.isEffect { evictedEffectCount += 1 }
        evicted += 1
        count -= 1
        head += 1
        if head == slots.count { head = 0 }
      } while count > 0 && (count == capacity || estimatedBytes + bytes > byteBudget)
      evictedCount += evicted
      insertion.clearStart = head - evicted + (wasFull ? 1 : 0)
      if insertion.clearStart < 0 { insertion.clearStart += slots.count }
      insertion.clearCount = wasFull ? evicted - 1 : evicted
    } else if count == slots.count {
      insertion.growth = grow()
    }
    var slot = head + count
    if slot >= slots.count { slot -= slots.count }
    slots[slot] = Slot(bytes: bytes, isEffect: isEffect)
    count += 1
    estimatedBytes += bytes
    insertion.slot = slot
    return insertion
  }

  /// Doubles the slots (up to the capacity), laid out again from slot 0.
  private mutating func grow() -> (count: Int, oldHead: Int) {
    let newCount = min(max(slots.count * 2, 16), capacity)
    let vacant = Slot(bytes: 0, isEffect: false)
    let oldHead = head
    if head == 0 {
      slots.append(contentsOf: repeatElement(vacant, count: newCount - slots.count))
    } else {
      var laidOut: [Slot] = []
      laidOut.reserveCapacity(newCount)
      laidOut.append(contentsOf: slots[head...])
      laidOut.append(contentsOf: slots[..<head])
      laidOut.append(contentsOf: repeatElement(vacant, count: newCount - slots.count))
      slots = laidOut
      head = 0
    }
    return (newCount, oldHead)
  }
}

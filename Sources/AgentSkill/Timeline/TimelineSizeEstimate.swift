/// Cheap estimates of the heap memory a value keeps alive, used by the
/// timeline's ``AgentTimelineOptions/byteBudget`` and by
/// ``TimelineSizeEstimating`` implementations.
///
/// The figures are estimates, not allocator truth: each heap allocation
/// counts a 32-byte object header, its contents, and the allocator's own
/// 8 bytes, rounded up to 16; storage shared between values is counted for
/// each of them.
///
/// ```swift
/// let rows = (0..<100).map { "Row number \($0) of the list" }
/// let bytes = TimelineSizeEstimate.heapBytes(of: rows)   // 1,648 for the array + 100 × 80 for the texts
/// ```
public enum TimelineSizeEstimate {
  /// The bytes counted for a heap object's header: metadata, reference
  /// counts, and for arrays and strings their count and capacity.
  package static let objectHeaderBytes = 32
  /// The longest text, in UTF-8 bytes, a `String` stores inline on 64-bit platforms.
  package static let smallStringBytes = 15

  /// How deep reflection follows stored properties and payloads.
  static let reflectionDepth = 3
  /// How many stored properties or payload values reflection reads per level.
  static let reflectionWidth = 16

  /// The estimated heap bytes `value` keeps alive beyond its inline size.
  ///
  /// - A ``TimelineSizeEstimating`` value: its ``TimelineSizeEstimating/estimatedHeapBytes``.
  /// - A `String`: nothing up to 15 UTF-8 bytes (stored
  ///   inline), else one allocation of the header, its UTF-8 bytes and a
  ///   terminating zero.
  /// - A collection: nothing when empty, else one allocation of the header
  ///   and `count × MemoryLayout<Element>.stride`, plus `count` times the
  ///   first element's own estimate (a sample, so that the cost does not
  ///   grow with the collection).
  /// - Anything else: the sum of its stored properties' or enum payload's
  ///   estimates, by reflection, three levels deep and sixteen values wide;
  ///   class instances count nothing (they are usually shared).
  ///
  /// - Parameter value: The value to measure.
  /// - Returns: The estimated bytes, never negative.
  public static func heapBytes<Value>(of value: Value) -> Int {
    estimate(value, depth: 0)
  }

  /// The estimated heap bytes of `value`'s stored properties or enum
  /// payload, by reflection, whether or not it adopts
  /// ``TimelineSizeEstimating``: a one-line implementation of the protocol.
  ///
  /// ```swift
  /// struct Article: Sendable, TimelineSizeEstimating {
  ///   var title: String
  ///   var paragraphs: [String]
  ///   var estimatedHeapBytes: Int { TimelineSizeEstimate.heapBytes(reflecting: self) }
  /// }
  /// ```
  ///
  /// - Parameter value: The value to measure.
  /// - Returns: The estimated bytes, never negative.
  public static func heapBytes<Value>(reflecting value: Value) -> Int {
    reflect(value, depth: 0)
  }

  /// The bytes an allocation of `contents` bytes takes: the allocator adds
  /// 8 bytes and rounds up to a multiple of 16.
  ///
  /// - Parameter contents: The bytes asked for, header included.
  /// - Returns: The bytes the allocation is estimated to take.
  static func allocationBytes(_ contents: Int) -> Int {
    (contents + 8 + 15) / 16 * 16
  }

  /// Whether the timeline measures values of `type` when it records them:
  /// ``TimelineSizeEstimating`` types, strings and collections.
  static func isMeasured(_ type: Any.Type) -> Bool {
    type is any TimelineSizeEstimating.Type || type is any Collection.Type
  }

  private static func estimate<Value>(_ value: Value, depth: Int) -> Int {
    if let estimating = value as? any TimelineSizeEstimating { return max(estimating.estimatedHeapBytes, 0) }
    if let string = value as? String { return stringBytes(string) }
    if let collection = value as? any Collection { return collectionBytes(collection, depth: depth) }
    return reflect(value, depth: depth)
  }

  private static func stringBytes(_ string: String) -> Int {
    let count = string.utf8.count
    return count <= smallStringBytes ? 0 : allocationBytes(objectHeaderBytes + count + 1)
  }

  private static func collectionBytes<Elements: Collection>(_ collection: Elements, depth: Int) -> Int {
    let count = collection.count
    guard count > 0, let first = collection.first else { return 0 }
    var bytes = allocationBytes(objectHeaderBytes + count * MemoryLayout<Elements.Element>.stride)
    if depth < reflectionDepth { bytes += count * estimate(first, depth: depth + 1) }
    return bytes
  }

  private static func reflect<Value>(_ value: Value, depth: Int) -> Int {
    guard depth < reflectionDepth else { return 0 }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .class { return 0 }
    var bytes = 0
    for child in mirror.children.prefix(reflectionWidth) {
      bytes += estimate(child.value, depth: depth + 1)
    }
    return bytes
  }
}

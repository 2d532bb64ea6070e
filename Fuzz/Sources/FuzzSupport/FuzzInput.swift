/// Helpers shared by the fuzz targets: reading the fuzzer's bytes and failing loudly.

/// Stops the process with `message` when `condition` is false; libFuzzer records the input as a crash.
public func expect(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
  line: UInt = #line
) {
  if !condition() { fatalError("contract broken: \(message())", file: file, line: line) }
}

/// Deterministic pseudo-random numbers seeded from the input, so every run of one input splits it the same way.
public struct SplitMix: Sendable {
  private var state: UInt64

  /// Seeds from the input bytes (FNV-1a).
  public init(seed bytes: [UInt8]) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    state = hash
  }

  /// The next number.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (`bound` > 0).
  public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// Cuts `bytes` into chunks at random positions (empty chunks included), covering every byte once, in order.
  public mutating func chunks(of bytes: [UInt8]) -> [[UInt8]] {
    var result: [[UInt8]] = []
    var start = 0
    while start < bytes.count {
      let length = below(1 + min(bytes.count - start, 16))
      result.append(Array(bytes[start..<(start + length)]))
      start += length
    }
    result.append([])
    return result
  }
}

/// The input as one or more parts separated by a line holding only `---` (for targets that take pairs).
public func parts(of bytes: [UInt8], count: Int) -> [[UInt8]] {
  let separator = Array("\n---\n".utf8)
  var result: [[UInt8]] = []
  var start = 0
  var index = 0
  while result.count < count - 1, index + separator.count <= bytes.count {
    if bytes[index..<(index + separator.count)].elementsEqual(separator) {
      result.append(Array(bytes[start..<index]))
      index += separator.count
      start = index
    } else {
      index += 1
    }
  }
  result.append(Array(bytes[start...]))
  while result.count < count { result.append([]) }
  return result
}

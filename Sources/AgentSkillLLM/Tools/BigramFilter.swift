/// The set of adjacent byte pairs in a text, as a 65,536-bit map, so a
/// keyword whose byte pairs are not all present is rejected without
/// scanning the text; matching thousands of keywords then costs about their
/// own length, not the text's.
struct BigramFilter: Sendable {
  private var words: [UInt64]

  /// Records every adjacent byte pair of `bytes`.
  init(_ bytes: [UInt8]) {
    var words = [UInt64](repeating: 0, count: bytes.count < 2 ? 0 : 1_024)
    if bytes.count >= 2 {
      for index in 1..<bytes.count {
        let pair = Int(bytes[index - 1]) << 8 | Int(bytes[index])
        words[pair >> 6] |= 1 << UInt64(pair & 63)
      }
    }
    self.words = words
  }

  /// Whether every adjacent byte pair of `needle` occurs in the text.
  func mayContain(_ needle: ArraySlice<UInt8>) -> Bool {
    guard needle.count >= 2 else { return true }
    guard !words.isEmpty else { return false }
    for index in (needle.startIndex + 1)..<needle.endIndex {
      let pair = Int(needle[index - 1]) << 8 | Int(needle[index])
      if words[pair >> 6] & (1 << UInt64(pair & 63)) == 0 { return false }
    }
    return true
  }
}

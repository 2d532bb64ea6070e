extension StringProtocol {
  /// The first occurrence of `needle`, compared byte for byte in UTF-8.
  ///
  /// Linear in the text for the short markers searched here, and free of the
  /// Foundation bridging that makes repeated `range(of:)` calls on a long
  /// string cost a copy each.
  func find(_ needle: String) -> Range<String.Index>? {
    let pattern = Array(needle.utf8)
    guard let first = pattern.first else { return nil }
    let bytes = utf8
    var cursor = bytes.startIndex
    while let hit = bytes[cursor...].firstIndex(of: first) {
      var end = hit
      var matched = 0
      while matched < pattern.count, end < bytes.endIndex, bytes[end] == pattern[matched] {
        end = bytes.index(after: end)
        matched += 1
      }
      if matched == pattern.count { return hit..<end }
      if end == bytes.endIndex { return nil }
      cursor = bytes.index(after: hit)
    }
    return nil
  }
}

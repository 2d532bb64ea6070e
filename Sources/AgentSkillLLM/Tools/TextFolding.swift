import Foundation

/// Folds text for matching: case and width differences removed
/// (`ＷＥＡＴＨＥＲ` → `weather`, `ﾃﾝｷ` → `テンキ`), then canonically composed,
/// so keywords and user text compare byte for byte.
enum TextFolding {
  /// The folded form of `text`.
  static func fold(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      return text.lowercased()
    }
    return text.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
      .precomposedStringWithCanonicalMapping
  }

  /// Whether `byte` is an ASCII letter or digit.
  @inline(__always)
  static func isASCIIWordByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
  }

  /// Whether `pattern` occurs in `text`; when `wordStart` is set, only
  /// where the byte before is not an ASCII letter or digit.
  static func contains(_ text: [UInt8], _ pattern: ArraySlice<UInt8>, wordStart: Bool) -> Bool {
    let count = pattern.count
    guard count > 0, count <= text.count else { return false }
    let patternStart = pattern.startIndex
    let first = pattern[patternStart]
    var position = 0
    let last = text.count - count
    while position <= last {
      if text[position] == first, !wordStart || position == 0 || !isASCIIWordByte(text[position - 1]) {
        var offset = 1
        while offset < count, text[position + offset] == pattern[patternStart + offset] { offset += 1 }
        if offset == count { return true }
      }
      position += 1
    }
    return false
  }
}

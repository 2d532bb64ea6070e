/// Decides, as text streams in, whether it may still turn out to be a bare
/// tool call: content that is nothing but a call object or an array of them,
/// possibly after Llama's `<|python_tag|>` or inside a code fence — the last
/// form ``TextToolCallExtractor`` recognises, whose markup is the whole text.
///
/// While ``isPossible`` holds, a stream must not show the text yet: were it a
/// call, the final text would be empty. The test errs on the side of
/// "possible" (it does not check argument values, nested `function` keys or
/// tool names), but once it says "impossible" no continuation of the text
/// can be read as a bare call, so the text can be shown. It looks at each
/// scalar once.
struct BareCallPrefix {
  /// The keys a strict call object may have, as in ``TextToolCallExtractor``.
  private static let callKeys: Set<String> = ["name", "arguments", "parameters", "id", "type", "function"]
  private static let pythonTag = Array("<|python_tag|>".unicodeScalars)
  /// Scalars of the end-of-message tokens (`<|eom_id|>`, `<|eot_id|>`) allowed after the JSON.
  private static let endTokenScalars = Set("<|>_eomtid".unicodeScalars)
  /// The longest call key, in bytes; a longer key rules a call out.
  private static let longestKey = 10

  private enum Phase {
    /// Blank text before anything; `afterTag` once `<|python_tag|>` was read.
    case leading(afterTag: Bool)
    /// Inside `<|python_tag|>`, this many scalars matched.
    case pythonTag(matched: Int)
    /// Opening backticks, this many so far.
    case fenceOpening(backticks: Int)
    /// The rest of the fence's first line (a language name, or the start of the body).
    case fenceInfo
    /// Blank text between the fence line and the body's JSON.
    case fenceLeading
    /// Inside the JSON value.
    case json
    /// After the JSON value.
    case trailing
    /// Nothing can rule a call out any more (a closed fence may be followed by anything).
    case undecidable
    /// Not a bare call, whatever follows.
    case impossible
  }

  private enum Container {
    case object
    case array
  }

  private var phase = Phase.leading(afterTag: false)
  private var fenced = false
  private var stack: [Container] = []
  /// The depth at which objects are calls: 1 for `{…}`, 2 for `[{…}, …]`.
  private var callDepth = 1
  private var inString = false
  private var escaped = false
  /// Whether the next string in the current object is a key.
  private var expectingKey = false
  /// Whether an array at the call depth still expects its next element.
  private var expectingElement = false
  private var elementCount = 0
  /// The key being read at the call depth; `nil` outside such a key.
  private var key: [UInt8]?
  private var keyHasEscape = false

  /// Whether some continuation of the text seen so far is a bare tool call.
  var isPossible: Bool {
    if case .impossible = phase { return false }
    return true
  }

  /// Reads more text.
  mutating func consume(_ text: some StringProtocol) {
    for scalar in text.unicodeScalars {
      if case .impossible = phase { return }
      if case .undecidable = phase { return }
      consume(scalar)
    }
  }

  private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
    // Trimming works on characters, whose whitespace-ness is their first
    // scalar's: marks joined to a blank are trimmed with it.
    scalar.properties.isWhitespace || scalar == "\u{FEFF}" || scalar.properties.isGraphemeExtend
      || scalar.properties.generalCategory == .spacingMark || scalar == "\u{200D}"
  }

  /// The scalars that end a line for `Character.isNewline`.
  private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": true
    default: false
    }
  }

  private mutating func consume(_ scalar: Unicode.Scalar) {
    switch phase {
    case .leading(let afterTag):
      if Self.isBlank(scalar) { return }
      switch scalar {
      case "<" where !afterTag: phase = .pythonTag(matched: 1)
      case "`": phase = .fenceOpening(backticks: 1)
      case "{", "[": startJSON(scalar)
      default: phase = .impossible
      }
    case .pythonTag(let matched):
      guard scalar == Self.pythonTag[matched] else {
        phase = .impossible
        return
      }
      phase = matched + 1 == Self.pythonTag.count ? .leading(afterTag: true) : .pythonTag(matched: matched + 1)
    case .fenceOpening(let backticks):
      if scalar == "`" {
        phase = .fenceOpening(backticks: backticks + 1)
      } else if backticks >= 3 {
        fenced = true
        phase = .fenceInfo
        consume(scalar)
      } else {
        phase = .impossible
      }
    case .fenceInfo:
      // The body starts on the next line, or on this one at its first bracket.
      if Self.isNewline(scalar) {
        phase = .fenceLeading
      } else if scalar == "{" || scalar == "[" {
        startJSON(scalar)
      }
    case .fenceLeading:
      if Self.isBlank(scalar) { return }
      if scalar == "{" || scalar == "[" { startJSON(scalar) } else { phase = .impossible }
    case .json:
      readJSON(scalar)
    case .trailing:
      if Self.isBlank(scalar) { return }
      if fenced {
        phase = scalar == "`" ? .undecidable : .impossible
      } else if !Self.endTokenScalars.contains(scalar) {
        phase = .impossible
      }
    case .undecidable, .impossible:
      return
    }
  }

  private mutating func startJSON(_ scalar: Unicode.Scalar) {
    phase = .json
    callDepth = scalar == "{" ? 1 : 2
    open(scalar == "{" ? .object : .array)
  }

  private mutating func open(_ container: Container) {
    stack.append(container)
    expectingKey = container == .object
    if stack.count == 1, container == .array { expectingElement = true }
  }

  private mutating func readJSON(_ scalar: Unicode.Scalar) {
    if inString {
      readString(scalar)
      return
    }
    if Self.isBlank(scalar) { return }
    let depth = stack.count
    // An element of the top-level array must be an object.
    if callDepth == 2, depth == 1, expectingElement {
      expectingElement = false
      guard scalar == "{" || (scalar == "]" && elementCount == 0) else {
        phase = .impossible
        return
      }
      if scalar == "]" {
        // An empty array holds no call.
        phase = .impossible
        return
      }
      elementCount += 1
    }
    if depth == callDepth, stack.last == .object, expectingKey {
      expectingKey = false
      switch scalar {
      case "\"":
        inString = true
        key = []
        keyHasEscape = false
      case "}":
        // A call names its arguments, so an empty object is none.
        phase = .impossible
      default:
        phase = .impossible
      }
      return
    }
    switch scalar {
    case "\"":
      inString = true
    case "{":
      open(.object)
    case "[":
      open(.array)
    case "}", "]":
      guard let last = stack.popLast(), last == (scalar == "}" ? .object : .array) else {
        phase = .impossible
        return
      }
      expectingKey = false
      if stack.isEmpty { phase = .trailing }
    case ",":
      if stack.last == .object { expectingKey = true }
      if callDepth == 2, stack.count == 1 { expectingElement = true }
    default:
      break
    }
  }

  private mutating func readString(_ scalar: Unicode.Scalar) {
    if escaped {
      escaped = false
      keyHasEscape = true
      key?.append(contentsOf: String(scalar).utf8)
      return
    }
    switch scalar {
    case "\\":
      escaped = true
      keyHasEscape = true
    case "\"":
      inString = false
      if let key {
        self.key = nil
        // A key written with escapes may still spell a call key: let the parser decide.
        if !keyHasEscape, !Self.callKeys.contains(String(decoding: key, as: UTF8.self)) { phase = .impossible }
      }
    default:
      guard key != nil else { return }
      key?.append(contentsOf: String(scalar).utf8)
      if !keyHasEscape, let count = key?.count, count > Self.longestKey { phase = .impossible }
    }
  }
}

/// Rewrites a Python literal (`{'city': '北京', 'ok': True, 'x': None}`) as
/// JSON, when that can be done without guessing.
///
/// Handles single- and double-quoted strings with Python escapes, `True`,
/// `False`, `None` and trailing commas. Anything else outside strings that is
/// not JSON (a bare word, an apostrophe that ends a string early as in
/// `'it's'`, an unterminated string) makes the text ambiguous and returns
/// `nil`. Text after the outermost closing bracket is ignored. One pass,
/// linear in the text.
enum PythonLiteral {
  static func json(from text: Substring) -> String? {
    var output = ""
    output.reserveCapacity(text.utf8.count + 16)
    let scalars = Array(text.unicodeScalars)
    var index = 0
    var depth = 0
    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case "{", "[":
        depth += 1
        output.unicodeScalars.append(scalar)
        index += 1
      case "}", "]":
        depth -= 1
        output.unicodeScalars.append(scalar)
        index += 1
        // The value is complete; whatever follows (`… thanks!`) is not part of it.
        if depth <= 0 { return output }
      case "'", "\"":
        guard let end = copyString(scalars, from: index, into: &output) else { return nil }
        index = end
      case ",":
        var next = index + 1
        while next < scalars.count, scalars[next].properties.isWhitespace { next += 1 }
        if next < scalars.count, scalars[next] == "}" || scalars[next] == "]" {
          index = next  // drop the trailing comma
        } else {
          output.unicodeScalars.append(scalar)
          index += 1
        }
      case "0"..."9", "-", "+", ".":
        // A number, copied whole so that an exponent's `e` is not read as a word.
        var end = index
        while end < scalars.count, isNumberScalar(scalars[end]) {
          if scalars[end] != "+" || end > index { output.unicodeScalars.append(scalars[end]) }
          end += 1
        }
        index = end
      case "a"..."z", "A"..."Z", "_":
        var end = index
        var word = ""
        while end < scalars.count, isWordScalar(scalars[end]) {
          word.unicodeScalars.append(scalars[end])
          end += 1
        }
        switch word {
        case "True", "true": output += "true"
        case "False", "false": output += "false"
        case "None", "null": output += "null"
        default: return nil
        }
        index = end
      default:
        output.unicodeScalars.append(scalar)
        index += 1
      }
    }
    return output
  }

  private static func isNumberScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "0"..."9", ".", "e", "E", "+", "-": true
    default: false
    }
  }

  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "_": true
    default: false
    }
  }

  /// Copies the string literal opening at `start` as a JSON string and returns
  /// the index after its closing quote, or `nil` when it never closes.
  private static func copyString(_ scalars: [Unicode.Scalar], from start: Int, into output: inout String) -> Int? {
    let quote = scalars[start]
    output += "\""
    var index = start + 1
    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case quote:
        output += "\""
        return index + 1
      case "\\":
        guard index + 1 < scalars.count else { return nil }
        index = copyEscape(scalars, at: index + 1, into: &output)
      case "\"":
        output += "\\\""
        index += 1
      case "\n":
        output += "\\n"
        index += 1
      case "\r":
        output += "\\r"
        index += 1
      case "\t":
        output += "\\t"
        index += 1
      default:
        if scalar.value < 0x20 {
          output += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
        } else {
          output.unicodeScalars.append(scalar)
        }
        index += 1
      }
    }
    return nil
  }

  /// Writes the escape whose letter is at `index` as JSON; returns the index after it.
  private static func copyEscape(_ scalars: [Unicode.Scalar], at index: Int, into output: inout String) -> Int {
    let letter = scalars[index]
    switch letter {
    case "'":
      output += "'"
    case "\"", "\\", "/", "b", "f", "n", "r", "t":
      output += "\\"
      output.unicodeScalars.append(letter)
    case "u":
      output += "\\u"
    case "x":
      let hex = scalars[(index + 1)..<min(index + 3, scalars.count)]
      if hex.count == 2, hex.allSatisfy({ $0.properties.isASCIIHexDigit }) {
        output += "\\u00"
        for digit in hex { output.unicodeScalars.append(digit) }
        return index + 3
      }
      output += "\\\\x"
    case "\n":
      break  // a line continuation
    default:
      // Python keeps the backslash of an unknown escape such as `\d`.
      output += "\\\\"
      output.unicodeScalars.append(letter)
    }
    return index + 1
  }
}

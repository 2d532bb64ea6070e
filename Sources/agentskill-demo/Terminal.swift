import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes lines to standard output or error, with styling only on a terminal.
struct Terminal: Sendable {
  static let standardOutput = Terminal(handle: .standardOutput, descriptor: 1)
  static let standardError = Terminal(handle: .standardError, descriptor: 2)

  let handle: FileHandle
  let descriptor: Int32

  /// Whether this stream is an interactive terminal (then styling and spinners are shown).
  var isInteractive: Bool { isatty(descriptor) == 1 }

  /// Whether standard input is an interactive terminal.
  static var inputIsInteractive: Bool { isatty(0) == 1 }

  func write(_ text: String) {
    handle.write(Data(text.utf8))
  }

  func writeLine(_ text: String = "") {
    write(text + "\n")
  }

  /// `text` in bold when this stream is a terminal.
  func bold(_ text: String) -> String { isInteractive ? "\u{1B}[1m\(text)\u{1B}[0m" : text }

  /// `text` dimmed when this stream is a terminal.
  func dim(_ text: String) -> String { isInteractive ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
}

import AgentSkillDemoKit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the user did at a prompt.
enum InputEvent: Equatable, Sendable {
  /// A line, without its newline.
  case line(String)
  /// A line longer than ``StandardInputLines/maximumCharacters``: not sent,
  /// its length and language kept (the refusal is written in that language).
  case tooLong(characters: Int, language: DemoLanguage)
  /// Ctrl-C while waiting for a line.
  case interrupt
}

/// Lines from standard input, read on their own thread so waiting for the
/// user never blocks the main actor (where the chat agent runs).
///
/// On a terminal, input is read without the terminal's line buffer (whose
/// limit of 4096 bytes cut long pastes), with a small line editor: typing,
/// Backspace, Ctrl-U (clear the line), Enter, and Ctrl-D on an empty line
/// (end of input). Ctrl-C still interrupts (see ``InterruptSignal``).
@MainActor
final class StandardInputLines {
  /// The longest question accepted, in characters; longer lines are reported, not sent.
  nonisolated static let maximumCharacters = 20_000

  private var iterator: AsyncStream<InputEvent>.Iterator
  private let continuation: AsyncStream<InputEvent>.Continuation
  private let terminal: TerminalMode?
  /// The line being typed, when the editor runs (on a terminal).
  private let pending = PendingLine()

  init() {
    let (stream, continuation) = AsyncStream.makeStream(of: InputEvent.self, bufferingPolicy: .unbounded)
    self.continuation = continuation
    let terminal = TerminalMode.enterCharacterMode()
    self.terminal = terminal
    let pending = self.pending
    let thread = Thread {
      if terminal != nil {
        LineEditor.run(pending) { continuation.yield(Self.event(for: $0)) }
      } else {
        while let line = readLine(strippingNewline: true) {
          continuation.yield(Self.event(for: line))
        }
      }
      continuation.finish()
    }
    thread.name = "agentskill-demo stdin"
    thread.start()
    iterator = stream.makeAsyncIterator()
  }

  nonisolated private static func event(for line: String) -> InputEvent {
    line.count > maximumCharacters
      ? .tooLong(characters: line.count, language: DemoLanguage(detecting: line)) : .line(line)
  }

  /// The next event, or `nil` at the end of input.
  func next() async -> InputEvent? {
    // The iterator shares the stream's storage; advance a copy and keep it.
    var current = iterator
    let event = await current.next(isolation: MainActor.shared)
    iterator = current
    return event
  }

  /// Ctrl-C on a half-typed line: discards it, as shells do, and returns
  /// `true`; `false` when the line is empty (or input is not a terminal).
  func discardTypedLine() -> Bool {
    terminal != nil && pending.discard()
  }

  /// Wakes a waiting ``next()`` with ``InputEvent/interrupt``.
  func interrupt() {
    continuation.yield(.interrupt)
  }

  /// Puts the terminal back as it was (call before exiting).
  func restoreTerminal() {
    terminal?.restore()
  }
}

/// The terminal's settings while the assistant reads keys itself: no
/// line buffer and no echo (the editor echoes), signals still on.
final class TerminalMode: Sendable {
  private let original: termios

  private init(original: termios) {
    self.original = original
  }

  /// Switches standard input to character mode; `nil` when it is not a terminal.
  static func enterCharacterMode() -> TerminalMode? {
    guard isatty(0) == 1 else { return nil }
    var settings = termios()
    guard tcgetattr(0, &settings) == 0 else { return nil }
    let mode = TerminalMode(original: settings)
    // Reads return as soon as one byte arrives: VMIN 1 and VTIME 0, the defaults.
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
    guard tcsetattr(0, TCSANOW, &settings) == 0 else { return nil }
    return mode
  }

  /// Restores the settings found at the start.
  func restore() {
    var settings = original
    _ = tcsetattr(0, TCSANOW, &settings)
  }
}

/// Reads keys from standard input and assembles lines, echoing as it goes.
enum LineEditor {
  /// Reads until end of input, handing each finished line to `deliver`;
  /// the line being typed lives in `pending`, so Ctrl-C can discard it.
  static func run(_ pending: PendingLine, _ deliver: (String) -> Void) {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var escape = 0
    while true {
      let count = read(0, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      let ended = pending.edit { line in
        edit(&line, with: buffer[0..<count], escape: &escape, deliver)
      }
      if ended { return }
    }
  }

  /// Applies the keys in `bytes` to `line` and echoes them; returns `true` at Ctrl-D on an empty line.
  private static func edit(
    _ line: inout [UInt8], with bytes: ArraySlice<UInt8>, escape: inout Int, _ deliver: (String) -> Void
  ) -> Bool {
    var echo: [UInt8] = []
    for byte in bytes {
      if escape > 0 {
        // Arrow keys and the like: ESC [ … final byte; ignored.
        if escape == 1 {
          escape = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") ? 2 : 0
        } else if (0x40...0x7E).contains(byte) {
          escape = 0
        }
        continue
      }
      switch byte {
      case 0x1B:
        escape = 1
      case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
        echo += Array("\r\n".utf8)
        write(echo)
        echo = []
        deliver(String(decoding: line, as: UTF8.self))
        line = []
      case 0x7F, 0x08:
        var text = String(decoding: line, as: UTF8.self)
        guard let last = text.popLast() else { continue }
        line = Array(text.utf8)
        let width = displayWidth(last)
        echo +=
          Array(repeating: 0x08, count: width) + Array(repeating: 0x20, count: width)
          + Array(repeating: 0x08, count: width)
      case 0x15:
        let width = String(decoding: line, as: UTF8.self).reduce(0) { $0 + displayWidth($1) }
        echo +=
          Array(repeating: 0x08, count: width) + Array(repeating: 0x20, count: width)
          + Array(repeating: 0x08, count: width)
        line = []
      case 0x04:
        if line.isEmpty {
          write(echo)
          return true
        }
      case 0x00..<0x20:
        continue
      default:
        line.append(byte)
        echo.append(byte)
      }
    }
    write(echo)
    return false
  }

  private static func write(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    FileHandle.standardOutput.write(Data(bytes))
  }

  /// Columns a character takes: two for CJK and other wide characters.
  private static func displayWidth(_ character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first else { return 1 }
    let value = scalar.value
    let wide =
      (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
      || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
      || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
    return wide ? 2 : 1
  }
}

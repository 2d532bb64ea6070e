import AgentSkill
import Foundation

/// Prints the scenario's events: plain lines when standard output is a file
/// or a pipe; on a terminal, also a spinner while loading and the streamed
/// text as it arrives.
@MainActor
final class TranscriptPrinter {
  private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  private let terminal: Terminal
  /// The line being redrawn in place (spinner or streamed text), if any.
  private var liveText: String?
  private var spinning = false
  private var frame = 0
  private var ticker: Task<Void, Never>?

  init(terminal: Terminal) {
    self.terminal = terminal
  }

  /// The line printed for `event`, or `nil` for events only shown live.
  /// Plain lines leave out the batch count, which depends on real timing,
  /// so redirected output is the same on every run.
  static func line(for event: ScenarioEvent, showingBatches: Bool = false) -> String? {
    switch event {
    case .step(let title):
      return "▸ \(title)"
    case .phase(let phase, let messages):
      switch phase {
      case .loaded: return "  phase: loaded — \(messages) messages"
      case .failure(let error):
        return "  phase: failure(\"\(error.message)\") — after \(error.attempts) attempts (\(error.detail))"
      default: return "  phase: \(phase)"
      }
    case .delta:
      return nil
    case .streamed(let message, let batches, let messages):
      guard showingBatches else { return "  \(message.author): \(message.text) — streamed, \(messages) messages" }
      let batchText = batches == 1 ? "1 batch" : "\(batches) batches"
      return "  \(message.author): \(message.text) — streamed in \(batchText), \(messages) messages"
    }
  }

  func show(_ event: ScenarioEvent) {
    guard terminal.isInteractive else {
      if let line = Self.line(for: event) { terminal.writeLine(line) }
      return
    }
    switch event {
    case .delta(let text):
      setLive("  … \(text)", spinning: false)
    case .phase(let phase, _) where phase.isLoading:
      clearLive()
      if let line = Self.line(for: event) { setLive(line, spinning: true) }
    default:
      clearLive()
      if let line = Self.line(for: event, showingBatches: true) {
        terminal.writeLine(line.hasPrefix("▸") ? terminal.bold(line) : line)
      }
    }
  }

  /// Ends the live line and stops the spinner.
  func finish() {
    clearLive()
    ticker?.cancel()
    ticker = nil
  }

  private func setLive(_ text: String, spinning: Bool) {
    liveText = text
    self.spinning = spinning
    redraw()
    if spinning, ticker == nil {
      ticker = Task { [weak self] in
        while !Task.isCancelled {
          try? await Task.sleep(for: .milliseconds(80))
          self?.tick()
        }
      }
    }
  }

  private func tick() {
    guard spinning else { return }
    frame = (frame + 1) % Self.frames.count
    redraw()
  }

  private func redraw() {
    guard let liveText else { return }
    let spinner = spinning ? " " + terminal.dim(Self.frames[frame]) : ""
    terminal.write("\r\u{1B}[2K\(liveText)\(spinner)")
  }

  /// Keeps the last loading line (without its spinner), drops a streaming line.
  private func clearLive() {
    guard let text = liveText else { return }
    terminal.write("\r\u{1B}[2K")
    if spinning { terminal.writeLine(text) }
    liveText = nil
    spinning = false
  }
}

import Foundation

/// Runs the built `agentskill-demo` on a pseudo-terminal, as a user at a
/// terminal would: Python's `pty` module forks it with the terminal as its
/// standard input, output and error, then plays ``Step``s — waiting for
/// text, typing, pressing Ctrl-C (the byte 0x03, which the terminal turns
/// into SIGINT) or Ctrl-D.
enum PseudoTerminal {
  /// One thing the user does.
  enum Step: Sendable {
    /// Waits (up to `seconds`) until `text` appears after what the last wait saw.
    case expect(String, seconds: Double = 60)
    /// Types `text` (`\r` is Enter).
    case type(String)
    /// Types `text` in pieces of 1 KiB, as a terminal delivers a paste.
    case paste(String)
    /// Lets `seconds` pass, reading output.
    case pause(Double)

    /// Ctrl-C.
    static let interrupt = Step.type("\u{03}")
    /// Ctrl-D.
    static let endOfInput = Step.type("\u{04}")

    var json: [String] {
      switch self {
      case .expect(let text, let seconds): ["expect", text, String(seconds)]
      case .type(let text): ["send", text]
      case .paste(let text): ["sendbytes", text]
      case .pause(let seconds): ["pause", String(seconds)]
      }
    }
  }

  /// What the terminal showed and how the process ended.
  struct Result: Sendable {
    /// The exit status (128 + n for signal n), or -1 when it had to be killed.
    let status: Int32
    /// Everything written to the terminal, `\r\n` as `\n`, styles removed.
    let output: String
    /// Why the script stopped early (a text that never appeared), if it did.
    let failure: String?
  }

  /// Runs the demo with `arguments` on a pseudo-terminal and plays `steps`;
  /// the process must then exit within 60 seconds.
  static func run(
    _ arguments: [String], steps: [Step], environment extra: [String: String] = [:]
  ) async throws -> Result {
    let executable = try DemoProcess.executable()
    var environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": "/nonexistent-home",
      "TERM": "xterm",
    ]
    for (key, value) in extra { environment[key] = value }
    let encoder = JSONEncoder()
    let argumentsJSON = String(decoding: try encoder.encode(arguments), as: UTF8.self)
    let stepsJSON = String(decoding: try encoder.encode(steps.map(\.json)), as: UTF8.self)
    let environmentJSON = String(decoding: try encoder.encode(environment), as: UTF8.self)
    let run = try await DemoProcess.runCommand(
      "/usr/bin/env", ["python3", "-c", driver, executable.path, argumentsJSON, stepsJSON, environmentJSON])
    struct Report: Decodable {
      let status: Int
      let output: String
      let failure: String?
    }
    guard run.status == 0, let report = try? JSONDecoder().decode(Report.self, from: Data(run.output.utf8)) else {
      throw DemoProcessError(description: "the pseudo-terminal driver failed (python3 needed): \(run.errors)")
    }
    let output = report.output.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    return Result(status: Int32(report.status), output: output, failure: report.failure)
  }

  /// The driver: forks the demo on a pseudo-terminal, plays the steps, prints a JSON result.
  private static let driver = #"""
    import json, os, pty, select, sys, time
    binary = sys.argv[1]; args = json.loads(sys.argv[2]); steps = json.loads(sys.argv[3]); env = json.loads(sys.argv[4])
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(binary, [binary] + args, env)
    buffer = b""; failure = None; mark = 0; closed = False
    def pump(timeout):
        global buffer, closed
        ready, _, _ = select.select([fd], [], [], max(0, timeout))
        if not ready: return
        try: data = os.read(fd, 65536)
        except OSError: data = b""
        if data: buffer += data
        else: closed = True
    for step in steps:
        kind = step[0]
        if kind == "expect":
            needle = step[1].encode(); deadline = time.time() + (float(step[2]) if len(step) > 2 else 60)
            while buffer.find(needle, mark) < 0 and not closed and time.time() < deadline:
                pump(deadline - time.time())
            found = buffer.find(needle, mark)
            if found < 0:
                failure = "did not see %r" % step[1]; break
            mark = found + len(needle)
        elif kind == "send":
            os.write(fd, step[1].encode())
        elif kind == "sendbytes":
            data = step[1].encode()
            for start in range(0, len(data), 1024):
                os.write(fd, data[start:start + 1024]); pump(0.01)
        elif kind == "pause":
            deadline = time.time() + float(step[1])
            while time.time() < deadline and not closed: pump(deadline - time.time())
    status = None; deadline = time.time() + 60
    while time.time() < deadline:
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(code); break
        pump(0.05)
    while not closed:
        before = len(buffer); pump(0.2)
        if len(buffer) == before: break
    if status is None:
        os.kill(pid, 9); os.waitpid(pid, 0); failure = failure or "the assistant did not exit"
    print(json.dumps({"status": status if status is not None else -1, "failure": failure,
                      "output": buffer.decode("utf-8", "replace")}, ensure_ascii=False))
    """#
}

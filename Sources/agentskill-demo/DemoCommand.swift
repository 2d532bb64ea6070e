import Foundation

/// A command-line mistake, with what to type instead.
struct DemoUsageError: Error {
  let message: String
}

/// What `agentskill-demo` was asked to do.
enum DemoCommand {
  /// `agentskill-demo messages [--timeline FILE]`: seed 000's message-list scenario.
  case messages(timelinePath: String?)
  /// `agentskill-demo help`.
  case help

  static let usage = """
    usage: agentskill-demo [messages] [--timeline FILE]
      messages            play the message-list scenario (load, refresh, stream, failure, retry)
      --timeline FILE     write the session's exported timeline (JSON) to FILE
      help                show this help
    """

  init(arguments: [String]) throws(DemoUsageError) {
    var remaining = arguments[...]
    var timelinePath: String?
    var subcommand: String?
    while let argument = remaining.popFirst() {
      switch argument {
      case "--timeline":
        guard let path = remaining.popFirst() else {
          throw DemoUsageError(message: "--timeline needs a file path, e.g. --timeline session.json")
        }
        timelinePath = path
      case "-h", "--help", "help":
        subcommand = "help"
      default:
        guard subcommand == nil, !argument.hasPrefix("-") else {
          throw DemoUsageError(message: "unknown argument '\(argument)'")
        }
        subcommand = argument
      }
    }
    switch subcommand {
    case nil, "messages": self = .messages(timelinePath: timelinePath)
    case "help": self = .help
    case let other?: throw DemoUsageError(message: "unknown command '\(other)'")
    }
  }

  func run() async -> Int32 {
    switch self {
    case .help:
      Terminal.standardOutput.writeLine(Self.usage)
      return 0
    case .messages(let timelinePath):
      return await MessagesDemo(timelinePath: timelinePath).run()
    }
  }
}

import AgentSkillLLMTesting
import Foundation

/// A command-line mistake, with what to type instead.
struct DemoUsageError: Error {
  let message: String
}

/// What `agentskill-demo` was asked to do.
enum DemoCommand {
  /// `agentskill-demo [assistant] [options]`: the terminal assistant (the default).
  case assistant(AssistantOptions)
  /// `agentskill-demo messages [--timeline FILE]`: the message-list scenario.
  case messages(timelinePath: String?)
  /// `agentskill-demo timeline FILE --html OUT`: an exported timeline as one HTML page.
  case timeline(input: String, htmlOutput: String)
  /// `agentskill-demo mcp [--data DIR] [--now TIME] [--trace]`: the assistant's skills for MCP clients, over stdio;
  /// `agentskill-demo mcp --http PORT [--token TOKEN] [--data DIR] [--now TIME]`: over Streamable HTTP.
  case mcpServer(MCPServeOptions)
  /// `agentskill-demo eval FILE [--now TIME] [--runs N] [--report OUT] [model options]`: scores tool calling on
  /// a JSON Lines set of labelled cases; `agentskill-demo eval --bfcl CATEGORIES [--limit N] [--bfcl-data DIR]`
  /// on the Berkeley Function Calling Leaderboard's data.
  case eval(EvalOptions)
  /// `agentskill-demo help`.
  case help

  static let usage = """
    usage: agentskill-demo [assistant] [options]         the terminal assistant (default)
           agentskill-demo messages [--timeline FILE]   the message-list scenario (load, refresh, stream, retry)
           agentskill-demo timeline FILE --html OUT     render an exported timeline as one HTML page
           agentskill-demo mcp [--data DIR] [--now TIME] [--trace]
                                                        serve the assistant's skills (weather, ledger,
                                                        reminders) to MCP clients over stdio
           agentskill-demo mcp --http PORT [--token TOKEN] [--data DIR] [--now TIME]
                                                        the same over Streamable HTTP on 127.0.0.1:PORT
           agentskill-demo eval FILE [--now TIME] [--runs N] [--report OUT] [model options]
                                                        score tool calling on labelled cases (JSON Lines):
                                                        tool selection, arguments, irrelevance, failures
           agentskill-demo eval --bfcl CATEGORIES [--limit N] [--bfcl-data DIR] [--report OUT] [model options]
                                                        score tool calling on the Berkeley Function Calling
                                                        Leaderboard's data, per category
           agentskill-demo help                         show this help

    assistant options:
      --ask TEXT        ask TEXT and exit (repeatable); without it, questions come from standard
                        input: a prompt on a terminal, otherwise one question per line
      --yes, -y         confirm actions (creating a reminder) without asking
      --data DIR        where the ledger and reminders are kept (default: $XDG_DATA_HOME/agentskill,
                        ~/.local/share/agentskill; on macOS ~/Library/Application Support/agentskill)
      --now TIME        pretend it is TIME, e.g. 2026-03-06T10:00:00+08:00 (reproducible runs)
      --timeline FILE   write the session's timeline (JSON) to FILE when done
      --json TYPE       turn each question into a typed value (reminder, expense) and print it as JSON
      --provider NAME   openai (any OpenAI-compatible server), anthropic or openai-responses
                        (OpenAI's Responses API)                           [AGENTSKILL_PROVIDER]
      --base-url URL    model server, e.g. http://localhost:11434/v1      [AGENTSKILL_BASE_URL]
      --model NAME      model name                                         [AGENTSKILL_MODEL]
      --api-key KEY     API key                                            [AGENTSKILL_API_KEY]
      --timeout SECONDS the longest wait for a model server's whole answer (default 60); the
                        silence allowed between streamed pieces is the provider's own limit
      --mcp "COMMAND ARGS"
                        start COMMAND as an MCP server (stdio) and let the assistant use its tools,
                        named after the server: a server called "calc server" gives calc_server_add
                        (repeatable)
      --mcp-url URL     use the tools of the remote MCP server at URL (Streamable HTTP, repeatable);
                        when it asks for OAuth, prints the sign-in URL (and opens it with $BROWSER,
                        or the system's browser on a terminal) and waits for the redirect on
                        127.0.0.1; the token lasts for the run
    Without a model server the built-in offline model answers (no network).

    mcp options (the Model Context Protocol server; over stdio, stdout carries the protocol):
      --data DIR, --now TIME   as for the assistant
      --trace           write each protocol message to standard error (<- received, -> sent);
                        stdio only
      --http PORT       serve any number of clients over Streamable HTTP at
                        http://127.0.0.1:PORT/mcp instead of stdio (0 picks a free port); prints
                        the endpoint on standard error and serves until Ctrl-C or SIGTERM
      --token TOKEN     with --http: clients must send "Authorization: Bearer TOKEN" (else 401)
    Creating a reminder needs the user's confirmation: asked through the client (MCP elicitation)
    when it can ask, refused with an explanation otherwise.

    eval options (the model options --provider, --base-url, --model, --api-key, --timeout as above):
      --now TIME        the moment the cases' dates are relative to
      --runs N          run each case N times and report pass^N (default 1)
      --report OUT      also write the report (scores, confusion table, transcripts) as JSON to OUT
      --data DIR        the ledger and reminders to use (default: a fresh temporary directory)
      --failures        also print each failed case's transcript (always on for FILE)
      --bfcl CATEGORIES the BFCL categories instead of FILE: all, core (simple, multiple, parallel,
                        parallel_multiple, irrelevance), or a comma-separated list of simple, multiple,
                        parallel, parallel_multiple, irrelevance, live_simple, live_multiple,
                        live_parallel, live_parallel_multiple, live_irrelevance, live_relevance
      --limit N         with --bfcl: the first N entries of each category (default: all)
      --bfcl-data DIR   with --bfcl: BFCL's data directory (bfcl_eval/data); by default bfcl-eval==\(BFCLDataset.pinnedVersion)
                        is downloaded with pip into .build/bfcl once (python3 with pip, PyPI)

    examples:
      agentskill-demo --ask "上周三的记账明细按类别汇总" --ask "北京天气怎么样"
      agentskill-demo --yes --ask "明天下午三点提醒我开周会"
      agentskill-demo --ask "What's the weather in Shanghai tomorrow?" --timeline session.json
      agentskill-demo --json reminder --ask "明天上午九点提醒我给妈妈打电话"
      agentskill-demo --mcp "python3 calc_server.py" --ask "add 2 and 3"
      agentskill-demo --mcp-url https://mcp.example.com/mcp --ask "add 2 and 3"
      agentskill-demo timeline session.json --html session.html
      agentskill-demo mcp --data ~/agentskill-data --trace
      agentskill-demo mcp --http 8123 --token secret
      agentskill-demo eval cases.jsonl --now 2026-12-05T12:00:00+08:00 --report report.json
      agentskill-demo eval --bfcl core --limit 50 --base-url http://localhost:11434/v1 --model qwen2.5:7b
    """

  private static let valueFlags: Set<String> = [
    "--timeline", "--ask", "--data", "--now", "--provider", "--base-url", "--model", "--api-key", "--html",
    "--timeout", "--json", "--mcp", "--mcp-url", "--http", "--token", "--runs", "--report", "--bfcl", "--bfcl-data",
    "--limit",
  ]

  /// Parses the arguments (without the program name).
  ///
  /// - Parameters:
  ///   - arguments: The command-line arguments.
  ///   - environment: The process environment, for the `AGENTSKILL_*` model settings.
  /// - Throws: ``DemoUsageError`` naming the mistake.
  init(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
    throws(DemoUsageError)
  {
    var remaining = arguments[...]
    var values: [String: String] = [:]
    var questions: [String] = []
    var mcpServers: [String] = []
    var mcpURLs: [String] = []
    var flags: Set<String> = []
    var positionals: [String] = []
    while let argument = remaining.popFirst() {
      var name = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      switch name {
      case "-h", "--help":
        self = .help
        return
      case "--yes", "-y":
        flags.insert("--yes")
      case "--trace":
        flags.insert("--trace")
      case "--failures":
        flags.insert("--failures")
      case _ where Self.valueFlags.contains(name):
        guard let value = inline ?? remaining.popFirst(), inline != nil || !value.hasPrefix("--") else {
          throw DemoUsageError(message: "\(name) needs a value, e.g. \(Self.example(for: name))")
        }
        flags.insert(name)
        if name == "--ask" {
          questions.append(value)
        } else if name == "--mcp" {
          mcpServers.append(value)
        } else if name == "--mcp-url" {
          mcpURLs.append(value)
        } else {
          values[name] = value
        }
      default:
        guard !argument.hasPrefix("-") || argument == "-" else {
          throw DemoUsageError(message: "unknown option '\(argument)'")
        }
        positionals.append(argument)
      }
    }
    let subcommand = positionals.first ?? "assistant"
    switch subcommand {
    case "help":
      self = .help
    case "messages":
      guard positionals.count == 1 else { throw DemoUsageError(message: "unexpected argument '\(positionals[1])'") }
      if let flag = flags.subtracting(["--timeline"]).sorted().first {
        throw DemoUsageError(message: "\(flag) does not apply to 'messages'")
      }
      self = .messages(timelinePath: values["--timeline"])
    case "timeline":
      guard positionals.count == 2 else {
        throw DemoUsageError(
          message: "timeline needs one input file: agentskill-demo timeline session.json --html out.html")
      }
      guard let output = values["--html"] else {
        throw DemoUsageError(
          message: "timeline needs --html OUT, e.g. agentskill-demo timeline session.json --html out.html")
      }
      if let flag = flags.subtracting(["--html"]).sorted().first {
        throw DemoUsageError(message: "\(flag) does not apply to 'timeline'")
      }
      self = .timeline(input: positionals[1], htmlOutput: output)
    case "assistant":
      guard positionals.count <= (positionals.first == "assistant" ? 1 : 0) else {
        let extra = positionals.first == "assistant" ? positionals[1] : positionals[0]
        throw DemoUsageError(
          message: "unknown command '\(extra)'; to ask a question, use --ask \"\(extra)\"")
      }
      if flags.contains("--html") { throw DemoUsageError(message: "--html applies to 'timeline' only") }
      if let flag = flags.intersection(["--runs", "--report", "--failures", "--bfcl", "--bfcl-data", "--limit"])
        .sorted().first
      {
        throw DemoUsageError(message: "\(flag) applies to 'eval' only")
      }
      if let flag = flags.intersection(["--trace", "--http", "--token"]).sorted().first {
        throw DemoUsageError(message: "\(flag) applies to 'mcp' only")
      }
      var options = AssistantOptions()
      options.questions = questions
      options.autoConfirm = flags.contains("--yes")
      options.dataDirectory = values["--data"]
      options.timelinePath = values["--timeline"]
      options.mcpServers = try mcpServers.map { command throws(DemoUsageError) in try MCPServerCommand(command) }
      options.mcpURLs = try mcpURLs.map { text throws(DemoUsageError) in
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
          url.host?.isEmpty == false
        else {
          throw DemoUsageError(
            message:
              "--mcp-url needs an http or https URL of an MCP endpoint, e.g. --mcp-url https://mcp.example.com/mcp")
        }
        return url
      }
      if let timeout = values["--timeout"] {
        guard let seconds = Int(timeout), seconds > 0 else {
          throw DemoUsageError(message: "--timeout needs a number of seconds greater than 0, e.g. --timeout 120")
        }
        options.timeoutSeconds = seconds
      }
      if let type = values["--json"] {
        guard TypedExtraction.typeNames.contains(type) else {
          throw DemoUsageError(
            message: "--json needs one of \(TypedExtraction.typeNames.joined(separator: ", ")), e.g. --json reminder")
        }
        options.jsonType = type
      }
      if let now = values["--now"] {
        let (date, zone) = try AssistantOptions.parseNow(now)
        options.now = date
        options.timeZone = zone
      }
      options.model = try ModelConfiguration(
        provider: values["--provider"], baseURL: values["--base-url"], model: values["--model"],
        apiKey: values["--api-key"], environment: environment)
      self = .assistant(options)
    case "mcp":
      guard positionals.count == 1 else { throw DemoUsageError(message: "unexpected argument '\(positionals[1])'") }
      if let flag = flags.subtracting(["--data", "--now", "--trace", "--http", "--token"]).sorted().first {
        throw DemoUsageError(message: "\(flag) does not apply to 'mcp'")
      }
      var options = MCPServeOptions()
      options.dataDirectory = values["--data"]
      options.trace = flags.contains("--trace")
      if let port = values["--http"] {
        guard let number = Int(port), (0...65535).contains(number) else {
          throw DemoUsageError(
            message: "--http needs a port number from 0 to 65535 (0 picks a free one), e.g. --http 8123")
        }
        if options.trace {
          throw DemoUsageError(
            message: "--trace applies to 'mcp' over stdio only; drop it, or drop --http to trace over stdio")
        }
        options.httpPort = number
      }
      if let token = values["--token"] {
        guard options.httpPort != nil else {
          throw DemoUsageError(
            message: "--token applies to 'mcp --http' only, e.g. agentskill-demo mcp --http 8123 --token secret")
        }
        guard !token.isEmpty, token.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
          throw DemoUsageError(message: "--token needs visible ASCII characters without spaces, e.g. --token secret")
        }
        options.bearerToken = token
      }
      if let now = values["--now"] {
        let (date, zone) = try AssistantOptions.parseNow(now)
        options.now = date
        options.timeZone = zone
      }
      self = .mcpServer(options)
    case "eval":
      let bfcl = try values["--bfcl"].map { text throws(DemoUsageError) in try BFCLEvalOptions.categories(text) }
      guard positionals.count == (bfcl == nil ? 2 : 1) else {
        throw DemoUsageError(
          message: bfcl == nil
            ? "eval needs one file of cases: agentskill-demo eval cases.jsonl"
            : "eval --bfcl takes no file of cases: agentskill-demo eval --bfcl core")
      }
      var allowed: Set<String> = [
        "--now", "--data", "--runs", "--report", "--provider", "--base-url", "--model", "--api-key", "--timeout",
        "--failures",
      ]
      if bfcl != nil { allowed.formUnion(["--bfcl", "--bfcl-data", "--limit"]) }
      if let flag = flags.subtracting(allowed).sorted().first {
        throw DemoUsageError(
          message: ["--bfcl-data", "--limit"].contains(flag)
            ? "\(flag) applies to 'eval --bfcl' only" : "\(flag) does not apply to 'eval'")
      }
      var options = EvalOptions(file: bfcl == nil ? positionals[1] : "")
      options.bfclCategories = bfcl
      options.bfclData = values["--bfcl-data"]
      options.printsFailures = flags.contains("--failures") || bfcl == nil
      if let limit = values["--limit"] {
        guard let count = Int(limit), count > 0 else {
          throw DemoUsageError(message: "--limit needs a number greater than 0, e.g. --limit 50")
        }
        options.limit = count
      }
      options.dataDirectory = values["--data"]
      options.reportPath = values["--report"]
      if let runs = values["--runs"] {
        guard let count = Int(runs), (1...100).contains(count) else {
          throw DemoUsageError(message: "--runs needs a number from 1 to 100, e.g. --runs 3")
        }
        options.runs = count
      }
      if let timeout = values["--timeout"] {
        guard let seconds = Int(timeout), seconds > 0 else {
          throw DemoUsageError(message: "--timeout needs a number of seconds greater than 0, e.g. --timeout 120")
        }
        options.timeoutSeconds = seconds
      }
      if let now = values["--now"] {
        let (date, zone) = try AssistantOptions.parseNow(now)
        options.now = date
        options.timeZone = zone
      }
      options.model = try ModelConfiguration(
        provider: values["--provider"], baseURL: values["--base-url"], model: values["--model"],
        apiKey: values["--api-key"], environment: environment)
      self = .eval(options)
    default:
      throw DemoUsageError(
        message:
          "unknown command '\(subcommand)'; commands: assistant (default), messages, timeline, mcp, eval, help")
    }
  }

  private static func example(for flag: String) -> String {
    switch flag {
    case "--timeline": "--timeline session.json"
    case "--ask": "--ask \"北京天气怎么样\""
    case "--data": "--data ~/agentskill-data"
    case "--now": "--now 2026-03-06T10:00:00+08:00"
    case "--provider": "--provider openai"
    case "--base-url": "--base-url http://localhost:11434/v1"
    case "--model": "--model qwen2.5:7b"
    case "--api-key": "--api-key sk-…"
    case "--timeout": "--timeout 120"
    case "--json": "--json reminder"
    case "--mcp": "--mcp \"python3 server.py\""
    case "--mcp-url": "--mcp-url https://mcp.example.com/mcp"
    case "--http": "--http 8123"
    case "--token": "--token secret"
    case "--runs": "--runs 3"
    case "--report": "--report report.json"
    case "--bfcl": "--bfcl core"
    case "--bfcl-data": "--bfcl-data .build/bfcl/bfcl-eval-\(BFCLDataset.pinnedVersion)/bfcl_eval/data"
    case "--limit": "--limit 50"
    default: "--html session.html"
    }
  }

  func run() async -> Int32 {
    switch self {
    case .help:
      Terminal.standardOutput.writeLine(Self.usage)
      return 0
    case .messages(let timelinePath):
      return await MessagesDemo(timelinePath: timelinePath).run()
    case .timeline(let input, let output):
      return TimelineCommand(input: input, output: output).run()
    case .assistant(let options):
      return await AssistantSession(options: options).run()
    case .mcpServer(let options):
      return await MCPServeCommand(options: options).run()
    case .eval(let options) where options.bfclCategories != nil:
      return await BFCLEvalCommand(options: options).run()
    case .eval(let options):
      return await EvalCommand(options: options).run()
    }
  }
}

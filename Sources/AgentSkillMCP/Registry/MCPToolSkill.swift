import AgentSkill
import AgentSkillLLM
import Foundation

/// A tool of an MCP server as a ``/AgentSkillLLM/ToolSkill``: the registry matches, validates and runs it
/// like a local skill, and the call goes to the server.
///
/// Made by `registry.register(mcp:prefix:)`; the skill's id is `prefix_toolname`.
/// Arguments are checked against the tool's `inputSchema` before the call; progress the server reports
/// becomes the run's progress; cancelling the run cancels the call on the server; a tool that answers
/// with `isError` fails the run with ``MCPClientError/toolFailed(server:tool:message:)``. A tool that declares an
/// `outputSchema` must answer with `structuredContent` matching it, or the run fails with
/// ``MCPClientError/invalidStructuredContent(server:tool:violations:)``. Each call carries a W3C `traceparent` in
/// `_meta` whose trace id is the run's id, so the server's spans join the run's trace.
public struct MCPToolSkill: ToolSkill {
  /// The raw arguments object, passed to the server as it is.
  public typealias Input = JSONValue

  /// `prefix_toolname`.
  public let id: String
  /// The tool's title, else its name.
  public let displayName: LocalizedText
  /// The tool's description, for the model.
  public let description: String
  /// The tool's `inputSchema`; a schema this library cannot compile becomes `{"type": "object"}`.
  public let inputSchema: JSONSchema
  /// The server's name and the prefix.
  public let tags: [String]
  /// The words of the tool's name and description, for matching what the user asked.
  public let keywords: [String]
  /// The tool as the server listed it.
  public let tool: MCPTool
  let connection: MCPConnection
  /// The tool's `outputSchema`; `nil` when it declares none or one this library cannot compile.
  public let outputSchema: JSONSchema?

  init(tool: MCPTool, prefix: String, connection: MCPConnection, server: String) {
    self.tool = tool
    self.connection = connection
    self.id = Self.skillID(prefix: prefix, tool: tool.name)
    self.displayName = LocalizedText(tool.title ?? tool.name)
    self.description = tool.description ?? tool.title ?? tool.name
    if let schema = try? JSONSchema(tool.inputSchema), schema.json["type"] == "object" {
      self.inputSchema = schema
    } else {
      self.inputSchema = .object()
    }
    self.outputSchema = tool.outputSchema.flatMap { try? JSONSchema($0) }
    self.tags = [prefix, server]
    self.keywords = Self.keywords(name: tool.name, description: tool.description ?? "")
  }

  /// Calls the tool on the server.
  ///
  /// - Parameters:
  ///   - input: The validated arguments.
  ///   - context: The run's context: progress goes to it, its cancellation cancels the call.
  /// - Returns: The result's text as the summary; its structured content as
  ///   ``/AgentSkillLLM/ToolOutput/structuredContent``, and shown as a table or key-value card when it has that
  ///   shape, else the text.
  /// - Throws: ``MCPClientError``; `CancellationError` when the run is cancelled.
  public func run(_ input: JSONValue, context: SkillContext) async throws -> ToolOutput {
    let client = try await connection.client()
    let result: MCPToolResult
    do {
      result = try await client.callTool(
        tool.name, arguments: input, traceparent: MCPMeta.traceparent(for: context.runID)
      ) { progress in
        if let fraction = progress.fraction { context.reportProgress(fraction) }
      }
    } catch let error as MCPClientError {
      if case .disconnected = error { await connection.markDisconnected(client) }
      throw error
    }
    if result.isError {
      throw MCPClientError.toolFailed(server: client.serverInfo.name, tool: tool.name, message: result.text)
    }
    if let outputSchema {
      let violations: [String]
      if let structured = result.structuredContent {
        violations = outputSchema.validate(structured).map(\.description)
      } else {
        violations = ["no structuredContent"]
      }
      if !violations.isEmpty {
        throw MCPClientError.invalidStructuredContent(
          server: client.serverInfo.name, tool: tool.name, violations: violations)
      }
    }
    return Self.output(result)
  }

  /// The output for a result: its text for the model, its structured content shaped for the UI.
  static func output(_ result: MCPToolResult) -> ToolOutput {
    var summary = result.text
    if summary.isEmpty, let structured = result.structuredContent { summary = structured.rendered() }
    return ToolOutput(
      summary: summary, display: display(result, text: summary), structuredContent: result.structuredContent)
  }

  private static func display(_ result: MCPToolResult, text: String) -> ToolDisplay {
    let scalar: (JSONValue) -> String? = { value in
      switch value {
      case .string(let text): text
      case .object, .array: nil
      default: value.rendered()
      }
    }
    if case .object(let object) = result.structuredContent, !object.isEmpty {
      // {"result": [...]} is how SDKs wrap a list.
      if object.count == 1, case .array(let rows)? = object.members.first?.value, let table = table(rows, scalar) {
        return .table(table)
      }
      let pairs = object.members.compactMap { member in scalar(member.value).map { ToolKeyValues.Pair(member.key, $0) }
      }
      if pairs.count == object.count, pairs.count > 1 { return .keyValues(ToolKeyValues(pairs: pairs)) }
    }
    return text.isEmpty ? .none : .text(text)
  }

  private static func table(_ rows: [JSONValue], _ scalar: (JSONValue) -> String?) -> ToolTable? {
    guard let first = rows.first?.objectValue, !first.isEmpty else { return nil }
    let columns = first.keys
    var cells: [[String]] = []
    for row in rows {
      guard let object = row.objectValue else { return nil }
      cells.append(columns.map { object[$0].flatMap(scalar) ?? "" })
    }
    return ToolTable(columns: columns.map { ToolTable.Column($0) }, rows: cells)
  }

  /// `prefix_name`, with characters a model cannot call replaced by `_`, at most 64 characters.
  static func skillID(prefix: String, tool: String) -> String {
    let raw = prefix.isEmpty ? tool : "\(prefix)_\(tool)"
    let cleaned = String(
      raw.unicodeScalars.map { scalar in
        scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "-")
          ? Character(scalar) : "_"
      })
    return String(cleaned.prefix(64))
  }

  /// The words of a tool's name (split at `_`, `-` and case changes) three letters or longer, so short verbs such
  /// as `add` and `get` still match; and the words of its description four letters or longer, which leaves out
  /// most filler words (`the`, `and`, `for`).
  static func keywords(name: String, description: String) -> [String] {
    var words: [String] = []
    var current = ""
    for character in name {
      if character == "_" || character == "-" || (character.isUppercase && !current.isEmpty) {
        if !current.isEmpty { words.append(current.lowercased()) }
        current = character.isLetter || character.isNumber ? String(character) : ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(current.lowercased()) }
    let descriptionWords = description.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    var seen: Set<String> = []
    let fromName = ([name.lowercased()] + words).filter { $0.count >= 3 && seen.insert($0).inserted }
    return fromName + descriptionWords.filter { $0.count >= 4 && seen.insert($0).inserted }
  }
}

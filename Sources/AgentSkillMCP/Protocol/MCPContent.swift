import AgentSkillLLM
import Foundation

/// One block of a tool result's `content`.
///
/// ```swift
/// func show(_ result: MCPToolResult) {
///   for block in result.content {
///     switch block {
///     case .text(let text): print(text)
///     case .image(let data, let mimeType): print("\(mimeType), \(data.count) bytes")
///     default: print(block.summary)
///     }
///   }
/// }
/// ```
public enum MCPContent: Sendable, Hashable {
  /// Text.
  case text(String)
  /// An image, decoded from base64.
  case image(data: Data, mimeType: String)
  /// Audio, decoded from base64.
  case audio(data: Data, mimeType: String)
  /// A link to a resource the client may read.
  case resourceLink(uri: String, name: String, description: String?, mimeType: String?)
  /// A resource embedded in the result: its text, or its bytes decoded from base64.
  case resource(uri: String, mimeType: String?, text: String?, blob: Data?)
  /// A block of a kind this library does not know, as sent.
  case other(JSONValue)

  /// Reads one element of `content`; unknown kinds and undecodable base64 become ``other(_:)``.
  init(json: JSONValue) {
    switch json["type"]?.stringValue {
    case "text":
      if let text = json["text"]?.stringValue {
        self = .text(text)
        return
      }
    case "image", "audio":
      if let encoded = json["data"]?.stringValue, let data = Data(base64Encoded: encoded),
        let mimeType = json["mimeType"]?.stringValue
      {
        self = json["type"] == "image" ? .image(data: data, mimeType: mimeType) : .audio(data: data, mimeType: mimeType)
        return
      }
    case "resource_link":
      if let uri = json["uri"]?.stringValue {
        self = .resourceLink(
          uri: uri, name: json["name"]?.stringValue ?? uri, description: json["description"]?.stringValue,
          mimeType: json["mimeType"]?.stringValue)
        return
      }
    case "resource":
      if let resource = json["resource"], let uri = resource["uri"]?.stringValue {
        let blob = resource["blob"]?.stringValue.flatMap { Data(base64Encoded: $0) }
        self = .resource(
          uri: uri, mimeType: resource["mimeType"]?.stringValue, text: resource["text"]?.stringValue, blob: blob)
        return
      }
    default: break
    }
    self = .other(json)
  }

  /// The block as sent.
  public var json: JSONValue {
    switch self {
    case .text(let text):
      return ["type": "text", "text": .string(text)]
    case .image(let data, let mimeType):
      return ["type": "image", "data": .string(data.base64EncodedString()), "mimeType": .string(mimeType)]
    case .audio(let data, let mimeType):
      return ["type": "audio", "data": .string(data.base64EncodedString()), "mimeType": .string(mimeType)]
    case .resourceLink(let uri, let name, let description, let mimeType):
      var object: JSONObject = ["type": "resource_link", "uri": .string(uri), "name": .string(name)]
      if let description { object["description"] = .string(description) }
      if let mimeType { object["mimeType"] = .string(mimeType) }
      return .object(object)
    case .resource(let uri, let mimeType, let text, let blob):
      var resource: JSONObject = ["uri": .string(uri)]
      if let mimeType { resource["mimeType"] = .string(mimeType) }
      if let text { resource["text"] = .string(text) }
      if let blob { resource["blob"] = .string(blob.base64EncodedString()) }
      return ["type": "resource", "resource": .object(resource)]
    case .other(let json):
      return json
    }
  }

  /// A one-line description for a model or a log: the text itself, or `[image/png, 1234 bytes]`.
  public var summary: String {
    switch self {
    case .text(let text): text
    case .image(let data, let mimeType): "[image \(mimeType), \(data.count) bytes]"
    case .audio(let data, let mimeType): "[audio \(mimeType), \(data.count) bytes]"
    case .resourceLink(let uri, let name, let description, _):
      "[link \(name): \(uri)\(description.map { " — \($0)" } ?? "")]"
    case .resource(let uri, let mimeType, let text, let blob):
      text ?? "[resource \(uri)\(mimeType.map { ", \($0)" } ?? "")\(blob.map { ", \($0.count) bytes" } ?? "")]"
    case .other(let json): "[\(json["type"]?.stringValue ?? "unknown") content]"
    }
  }
}

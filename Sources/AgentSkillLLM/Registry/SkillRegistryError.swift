import AgentSkill

/// Why a registry could not register, find or call a skill.
///
/// Registration errors (``invalidID(_:)``, ``duplicateID(_:)``,
/// ``invalidSchema(skillID:_:)``, ``parametersNotAnObject(skillID:)``) and
/// ``unknownSkill(id:registered:)`` are for the developer. The errors of
/// ``SkillRegistry/resolve(toolName:offered:)`` and
/// ``SkillRegistry/execute(_:offered:confirmed:environment:)`` —
/// ``unknownTool(_:)``, ``permissionDenied(skillID:permission:)``,
/// ``disabled(skillID:)``, ``confirmationRequired(skillID:)`` — are worded
/// so they can be sent back to the model as the tool result.
public enum SkillRegistryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The id is not a valid tool name (1 to 64 of `a-z A-Z 0-9 _ -`).
  case invalidID(String)
  /// A skill with this id is already registered.
  case duplicateID(String)
  /// The skill's input schema is not a valid JSON Schema.
  case invalidSchema(skillID: String, SchemaError)
  /// The skill's input schema does not describe an object, which models require.
  case parametersNotAnObject(skillID: String)
  /// No skill with this id is registered.
  case unknownSkill(id: String, registered: [String])
  /// The model called a tool that is not available; the wrapped error lists the available ones.
  case unknownTool(ToolCallError)
  /// The skill needs a permission the user has not granted.
  case permissionDenied(skillID: String, permission: SkillPermission)
  /// The skill is registered but disabled.
  case disabled(skillID: String)
  /// The skill needs the user's confirmation, which was not given.
  case confirmationRequired(skillID: String)

  /// What went wrong and how to fix it.
  public var description: String {
    switch self {
    case .invalidID(let id):
      return "The skill id \(ToolText.quoted(id, limit: 80)) is not a valid tool name: use 1 to 64 characters "
        + "from a-z, A-Z, 0-9, '_' and '-' (for example \"weather\" or \"get_weather\"). "
        + "Put the human-readable name, such as \"天气查询\", in displayName."
    case .duplicateID(let id):
      return "A skill with the id \"\(id)\" is already registered. Give each skill its own id, "
        + "or unregister the old one first."
    case .invalidSchema(let skillID, let error):
      return "The input schema of skill \"\(skillID)\" is not valid: \(error.description)"
    case .parametersNotAnObject(let skillID):
      return "The input schema of skill \"\(skillID)\" must describe an object, because models send tool "
        + "arguments as one JSON object: use JSONSchema.object(properties: …), or .object() for no arguments."
    case .unknownSkill(let id, let registered):
      let list = registered.isEmpty ? "none" : registered.prefix(50).joined(separator: ", ")
      return "No skill with the id \(ToolText.quoted(id, limit: 80)) is registered (registered: \(list)). "
        + "Register it first, or check the id's spelling."
    case .unknownTool(let error):
      return error.description
    case .permissionDenied(let skillID, let permission):
      return "The tool \"\(skillID)\" is not available because it needs the \"\(permission)\" permission, "
        + "which the user has not granted. Answer without it, or tell the user which permission it needs."
    case .disabled(let skillID):
      return "The tool \"\(skillID)\" is turned off. Answer without it."
    case .confirmationRequired(let skillID):
      return "The tool \"\(skillID)\" needs the user's confirmation before it runs. Ask the user, then run it "
        + "with confirmed: true (or run the prepared call after they agree)."
    }
  }

  /// Whether `id` is a valid tool name: 1 to 64 characters from `a-z A-Z 0-9 _ -`.
  ///
  /// - Parameter id: The id to check.
  /// - Returns: Whether a registry accepts it.
  static func isValidID(_ id: String) -> Bool {
    let bytes = id.utf8
    guard (1...64).contains(bytes.count) else { return false }
    return bytes.allSatisfy { byte in
      TextFolding.isASCIIWordByte(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
  }
}

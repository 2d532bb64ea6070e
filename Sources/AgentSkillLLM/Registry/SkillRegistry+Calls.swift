import AgentSkill

extension SkillRegistry {
  /// The available skill a model meant by `toolName`.
  ///
  /// The name is resolved leniently with ``ToolNameResolver``
  /// (`functions.weather`, `Weather` and `"weather"` all find `weather`).
  ///
  /// - Parameters:
  ///   - toolName: The name the model used.
  ///   - offered: The names offered in this request; `nil` allows every available skill.
  /// - Returns: The skill.
  /// - Throws: ``SkillRegistryError/permissionDenied(skillID:permission:)`` or
  ///   ``SkillRegistryError/disabled(skillID:)`` when the name finds a
  ///   registered skill that is not available; otherwise
  ///   ``SkillRegistryError/unknownTool(_:)`` listing the tools the model may call.
  public func resolve(toolName: String, offered: [String]? = nil) throws(SkillRegistryError) -> AnyToolSkill {
    let granted = grantedPermissions
    var available = skills.filter { Self.isAvailable($0, granted: granted) }.map(\.id)
    if let offered {
      let allowed = Set(offered)
      available = available.filter { allowed.contains($0) }
    }
    do throws(ToolCallError) {
      let id = try ToolNameResolver.resolve(toolName, among: available)
      if let skill = skill(withID: id) { return skill }
      throw ToolCallError.unknownTool(name: toolName, available: available)
    } catch {
      if let id = try? ToolNameResolver.resolve(toolName, among: skills.map(\.id)),
        let entry = registeredSkill(withID: id), !Self.isAvailable(entry, granted: granted)
      {
        if !entry.isEnabled { throw .disabled(skillID: id) }
        if let permission = entry.skill.requiredPermission {
          throw .permissionDenied(skillID: id, permission: permission)
        }
      }
      throw .unknownTool(error)
    }
  }

  /// Resolves, validates and runs a model's tool call.
  ///
  /// ```swift
  /// for call in response.toolCalls {
  ///   do {
  ///     let output = try await registry.execute(call, offered: offered, environment: environment)
  ///     messages.append(.tool(output.summary, callID: call.id, name: call.name))
  ///   } catch let error as ToolSkillError {
  ///     messages.append(.tool(error.description, callID: call.id, name: call.name))
  ///   } catch let error as SkillRegistryError {
  ///     messages.append(.tool(error.description, callID: call.id, name: call.name))
  ///   }
  /// }
  /// ```
  ///
  /// A skill that ``ToolSkill/requiresConfirmation`` runs only with
  /// `confirmed: true`; to ask the user in between, call
  /// ``resolve(toolName:offered:)`` and ``AnyToolSkill/prepare(_:)``, ask,
  /// then run the ``PreparedToolCall``.
  ///
  /// - Parameters:
  ///   - call: The model's call.
  ///   - offered: The names offered in this request; `nil` allows every available skill.
  ///   - confirmed: Whether the user has confirmed this call.
  ///   - environment: Clock, dependencies, monitor and log sink for the run.
  /// - Returns: The skill's output.
  /// - Throws: ``SkillRegistryError`` when the tool cannot be called;
  ///   ``ToolSkillError`` for invalid arguments or a failed run;
  ///   `CancellationError` when cancelled.
  public func execute(
    _ call: ToolCall,
    offered: [String]? = nil,
    confirmed: Bool = false,
    environment: SkillEnvironment = SkillEnvironment()
  ) async throws -> ToolOutput {
    let skill = try resolve(toolName: call.name, offered: offered)
    let prepared = try await skill.prepare(call.arguments)
    if prepared.requiresConfirmation, !confirmed { throw SkillRegistryError.confirmationRequired(skillID: skill.id) }
    return try await prepared.run(environment: environment)
  }
}

#if canImport(FoundationModels)
  import AgentSkillLLM
  import Foundation
  import FoundationModels

  /// Builds a FoundationModels `GenerationSchema` from a JSON Schema, through ``FoundationSchema``.
  @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  enum FoundationSchemaBridge {
    static func generationSchema(_ schema: JSONSchema, name: String) throws -> GenerationSchema {
      let root = try dynamic(FoundationSchema.convert(schema, name: name))
      return try GenerationSchema(root: root, dependencies: [])
    }

    static func dynamic(_ schema: FoundationSchema) throws -> DynamicGenerationSchema {
      switch schema {
      case .object(let name, let description, let properties):
        return DynamicGenerationSchema(
          name: name, description: description,
          properties: try properties.map { property in
            DynamicGenerationSchema.Property(
              name: property.name, description: property.description, schema: try dynamic(property.schema),
              isOptional: property.isOptional)
          })
      case .array(let items, let minimum, let maximum):
        return DynamicGenerationSchema(
          arrayOf: try dynamic(items), minimumElements: minimum, maximumElements: maximum)
      case .choice(let name, let description, let values):
        return DynamicGenerationSchema(name: name, description: description, anyOf: values)
      case .string(let pattern):
        guard let pattern else { return DynamicGenerationSchema(type: String.self) }
        return DynamicGenerationSchema(type: String.self, guides: [.pattern(try Regex(pattern))])
      case .integer(let minimum, let maximum):
        var guides: [GenerationGuide<Int>] = []
        if let minimum { guides.append(.minimum(minimum)) }
        if let maximum { guides.append(.maximum(maximum)) }
        return DynamicGenerationSchema(type: Int.self, guides: guides)
      case .number(let minimum, let maximum):
        var guides: [GenerationGuide<Double>] = []
        if let minimum { guides.append(.minimum(minimum)) }
        if let maximum { guides.append(.maximum(maximum)) }
        return DynamicGenerationSchema(type: Double.self, guides: guides)
      case .boolean:
        return DynamicGenerationSchema(type: Bool.self)
      case .anyOf(let name, let description, let choices):
        return DynamicGenerationSchema(name: name, description: description, anyOf: try choices.map(dynamic))
      }
    }
  }
#endif

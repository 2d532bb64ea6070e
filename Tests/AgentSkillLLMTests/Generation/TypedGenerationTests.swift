import AgentSkillLLM
import AgentSkillLLMTesting
import Foundation
import Testing

@Suite("Typed generation: lenient parsing, validation, repairs", .timeLimit(.minutes(5)))
struct TypedGenerationTests {
  @Test("fences and trailing text are read like tool arguments")
  func lenient() async throws {
    let model = ScriptedLanguageModel([
      .text("Here it is:\n```json\n{\"title\": \"tea\", \"amount\": 3.5}\n```\nAnything else?")
    ])
    #expect(try await model.generate(LineItem.self, prompt: "tea") == LineItem(title: "tea", amount: 3.5))
    #expect(model.requests.first?.responseFormat.name == "LineItem")
  }

  @Test("a violation is sent back with the validator's messages and repaired")
  func repaired() async throws {
    let model = ScriptedLanguageModel([
      .text(#"{"title": "tea"}"#), .text(#"{"title": "tea", "amount": "3.5"}"#),
      .text(#"{"title": "tea", "amount": 3.5}"#),
    ])
    #expect(try await model.generate(LineItem.self, prompt: "tea") == LineItem(title: "tea", amount: 3.5))
    let requests = model.requests
    #expect(requests.count == 3)
    #expect(
      requests[1].messages.map(\.content).suffix(2) == [
        #"{"title": "tea"}"#,
        "Your answer does not match the required JSON Schema:\n- /amount: is required\n"
          + "Answer again with only the corrected JSON value.",
      ])
    #expect(requests[2].messages.last?.content.contains("/amount: must be a number") == true)
  }

  @Test("after maximumRepairs the typed error lists the violations and the raw text")
  func exhausted() async throws {
    let model = ScriptedLanguageModel([.text(#"{"title": 1}"#), .text("no idea")])
    let error = await #expect(throws: TypedGenerationError.self) {
      try await model.generate(LineItem.self, prompt: "tea", maximumRepairs: 1)
    }
    #expect(error?.attempts == 2)
    #expect(error?.rawText == "no idea")
    #expect(error?.violations.first?.hasPrefix("the answer is not JSON") == true)
    #expect(error?.description.contains("after 2 answers") == true)
    #expect(model.requests.count == 2)
  }

  @Test("an explicit schema is used instead of the derived one")
  func explicitSchema() async throws {
    let model = ScriptedLanguageModel([.text(#"{"title": "", "amount": 1}"#), .text(#"{"title": "t", "amount": 1}"#)])
    let schema = JSONSchema.object(
      properties: ["title": .string(minLength: 1), "amount": .number()], required: ["title", "amount"])
    #expect(try await model.generate(LineItem.self, prompt: "t", schema: schema) == LineItem(title: "t", amount: 1))
    #expect(model.requests.first?.responseFormat.schema == schema)
  }

  @Test("a type that cannot be described fails before asking the model")
  func underivable() async {
    let model = ScriptedLanguageModel([])
    await #expect(throws: SchemaDerivationError.self) { try await model.generate(TreeNode.self, prompt: "x") }
    #expect(model.requests.isEmpty)
  }

  @Test("partial values close unfinished strings, arrays and objects and leave out unstarted members")
  func partials() {
    #expect(PartialJSONValue(parsing: "Sure: ") == nil)
    #expect(PartialJSONValue(parsing: #"{"ti"#) == PartialJSONValue(value: [:], isComplete: false))
    #expect(PartialJSONValue(parsing: #"{"title": "Ca"#) == PartialJSONValue(value: ["title": "Ca"], isComplete: false))
    #expect(PartialJSONValue(parsing: #"{"a": 12"#) == PartialJSONValue(value: [:], isComplete: false))
    #expect(PartialJSONValue(parsing: #"{"a": 12,"#) == PartialJSONValue(value: ["a": 12], isComplete: false))
    #expect(PartialJSONValue(parsing: #"{"a": [1, tr"#) == PartialJSONValue(value: ["a": [1]], isComplete: false))
    #expect(PartialJSONValue(parsing: #"{"a": "x\"#) == PartialJSONValue(value: ["a": "x"], isComplete: false))
    #expect(PartialJSONValue(parsing: #"{"a": "\u4e"#) == PartialJSONValue(value: ["a": ""], isComplete: false))
    #expect(
      PartialJSONValue(parsing: "```json\n{\"a\": [1, 2]} ")
        == PartialJSONValue(value: ["a": [1, 2]], isComplete: true))
  }
}

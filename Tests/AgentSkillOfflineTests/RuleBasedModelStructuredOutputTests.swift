import AgentSkillLLM
import AgentSkillOffline
import Foundation
import Testing

@Suite("RuleBasedModel: typed generation offline", .timeLimit(.minutes(5)))
struct RuleBasedModelStructuredOutputTests {
  struct Reminder: Decodable, Sendable, Equatable, SchemaDescribing {
    let title: String
    let due: Date
    static let schemaFields: [String: SchemaField] = ["title": "What to be reminded of", "due": "When"]
  }

  struct Expense: Decodable, Sendable, Equatable {
    enum Category: String, Decodable, Sendable, CaseIterable { case food, transport, rent }
    let amount: Double
    let category: Category
  }

  var model: RuleBasedModel {
    RuleBasedModel(timeZone: OfflineFixtures.timeZone, now: { OfflineFixtures.now })
  }

  @Test("a reminder is read from Chinese: the date and time, and the rest as the title")
  func chineseReminder() async throws {
    let reminder = try await model.generate(Reminder.self, prompt: "明天上午九点提醒我给妈妈打电话")
    #expect(reminder.due == Date(timeIntervalSince1970: 1_772_845_200))  // 2026-03-07T09:00:00+08:00
    #expect(reminder.title.contains("给妈妈打电话"))
  }

  @Test("an amount and a category from English, as JSON text over the stream too")
  func expense() async throws {
    let expense = try await model.generate(Expense.self, prompt: "I spent 42.5 on food")
    #expect(expense == Expense(amount: 42.5, category: .food))
    var final: Expense?
    for try await update in model.generateStream(Expense.self, prompt: "I spent 42.5 on food") {
      if case .completed(let value) = update { final = value }
    }
    #expect(final == expense)
  }

  @Test("a member the text does not mention is a typed 'cannot' error with the question to ask")
  func cannot() async {
    let error = await #expect(throws: OfflineStructuredOutputError.self) {
      try await model.generate(Expense.self, prompt: "I spent money")
    }
    #expect(error?.missing.contains("amount") == true)
    #expect(error?.description.contains("the text does not say") == true)
    let scalar = await #expect(throws: OfflineStructuredOutputError.self) {
      try await model.generate([String].self, prompt: "tea")
    }
    #expect(scalar?.notAnObject == true)
  }
}

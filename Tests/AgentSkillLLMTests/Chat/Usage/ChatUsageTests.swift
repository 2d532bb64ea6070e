import AgentSkill
import AgentSkillLLM
import AgentSkillLLMTesting
import AgentSkillTesting
import Foundation
import Testing

@Suite("Chat usage, cost and budgets", .timeLimit(.minutes(2)))
@MainActor
struct ChatUsageTests {
  typealias Fixtures = ChatFixtures

  /// $0.25 per million input tokens, $0.025 cached, $2 output.
  static let prices = TokenPrices(input: decimal("0.25"), output: 2, cachedInput: decimal("0.025"))

  /// An exact decimal (a floating-point literal would go through `Double`).
  static func decimal(_ text: String) -> Decimal { Decimal(string: text) ?? .nan }

  private func weatherCall(input: Int, output: Int, cached: Int = 0) -> ScriptedLanguageModel.Reply {
    .response(
      ChatResponse(
        toolCalls: [ToolCall(id: "call_\(input)", name: "weather", arguments: ["city": "北京"])],
        finishReason: .toolCalls,
        usage: TokenUsage(inputTokens: input, outputTokens: output, cacheReadInputTokens: cached)))
  }

  private func chat(_ model: ScriptedLanguageModel, options: ChatAgentOptions) throws -> ChatAgent {
    Fixtures.chat(model, registry: try Fixtures.registry([Fixtures.weather()]), options: options)
  }

  @Test func pricesCountCacheReadsWritesAndOutputApart() {
    let prices = TokenPrices(input: 3, output: 15, cachedInput: Self.decimal("0.3"), cacheWrite: Self.decimal("3.75"))
    let usage = TokenUsage(
      inputTokens: 10_000, outputTokens: 1_000, cacheReadInputTokens: 6_000, cacheWriteInputTokens: 2_000)
    // 2,000 plain × 3 + 6,000 × 0.3 + 2,000 × 3.75 + 1,000 × 15, per million.
    #expect(prices.cost(of: usage) == Self.decimal("0.0303"))
    let english = Locale(identifier: "en_US")
    #expect(prices.formatted(Self.decimal("0.0303"), locale: english) == "$0.0303")
    #expect(prices.formatted(2, locale: english) == "$2.0000")
    #expect(prices.formatted(Self.decimal("0.123456"), locale: english) == "$0.1235")
    // The user's conventions, not a hand-built text: German puts a comma before the decimals and the sign after.
    let german = prices.formatted(2, locale: Locale(identifier: "de_DE"))  // a no-break space before the sign
    #expect(german.hasPrefix("2,0000") && german.hasSuffix("$"), "\(german)")
  }

  @Test func usageIsSummedPerTurnAndPerConversationAndPriced() async throws {
    let model = ScriptedLanguageModel([
      weatherCall(input: 1_000, output: 20),
      .text("北京多云。", usage: TokenUsage(inputTokens: 1_200, outputTokens: 10, cacheReadInputTokens: 1_000)),
      .text("不客气。", usage: TokenUsage(inputTokens: 1_300, outputTokens: 4, cacheReadInputTokens: 1_200)),
    ])
    var options = ChatAgentOptions()
    options.prices = Self.prices
    let chat = try chat(model, options: options)
    await chat.send("北京天气怎么样").finish()
    await chat.send("谢谢").finish()

    let turns = chat.context.turns.map(\.usage)
    #expect(turns.map(\.modelRequests) == [2, 1])
    #expect(turns.map(\.tokens.totalTokens) == [2_230, 1_304])
    // Turn 1: 1,000 × 0.25 + 20 × 2 + (200 × 0.25 + 1,000 × 0.025 + 10 × 2), per million.
    #expect(turns.first?.cost == Self.decimal("0.000385"))
    #expect(turns.last?.cost == Self.decimal("0.000063"))
    let conversation = chat.context.conversationUsage
    #expect(conversation.tokens.totalTokens == 3_534)
    #expect(conversation.tokens.cacheReadInputTokens == 2_200)
    #expect(conversation.cost == Self.decimal("0.000448"))
    #expect(chat.metrics.conversationUsage == conversation)
    #expect(chat.metrics.lastTurnUsage == turns.last)

    await chat.clear().finish()
    #expect(chat.context.conversationUsage == .zero)
    #expect(chat.metrics.tokenUsage.totalTokens == 3_534)
  }

  @Test func withoutPricesUsageHasNoCost() async throws {
    let model = ScriptedLanguageModel([.text("你好", usage: TokenUsage(inputTokens: 10, outputTokens: 2))])
    let chat = try chat(model, options: ChatAgentOptions())
    await chat.send("你好").finish()
    #expect(
      chat.context.conversationUsage
        == ChatUsage(tokens: TokenUsage(inputTokens: 10, outputTokens: 2), modelRequests: 1))
  }

  @Test func aTurnStopsBeforeARequestThatWouldPassItsTokenBudget() async throws {
    // The second request's input is at least the first's (1,000): 1,020 spent + 1,000 > 1,500.
    let model = ScriptedLanguageModel([weatherCall(input: 1_000, output: 20), .text("不应该被请求")])
    var options = ChatAgentOptions()
    options.budget = ChatBudget(tokensPerTurn: 1_500)
    let chat = try chat(model, options: options)
    await chat.send("北京天气怎么样").finish()

    #expect(model.requests.count == 1)
    guard case .budgetExceeded(let exceeded)? = chat.lastError else {
      Issue.record("expected budgetExceeded, got \(String(describing: chat.lastError))")
      return
    }
    #expect(exceeded.limit == .tokensPerTurn)
    #expect(exceeded.allowed == 1_500)
    #expect(exceeded.spent == 1_020)
    #expect(exceeded.nextRequest == 1_000)
    #expect(chat.lastError?.description.contains("ChatAgentOptions.budget.tokensPerTurn") == true)
    #expect(chat.phase == .failed(chat.lastError?.description ?? ""))
    #expect(chat.allCalls.map(\.status) == [.succeeded])
    #expect(chat.context.turns.last?.state == .failed)
  }

  @Test func aTurnWithinItsBudgetRunsToTheEnd() async throws {
    let model = ScriptedLanguageModel([
      weatherCall(input: 1_000, output: 20), .text("北京多云。", usage: TokenUsage(inputTokens: 1_100, outputTokens: 5)),
    ])
    var options = ChatAgentOptions()
    options.budget = ChatBudget(tokensPerTurn: 2_500)
    let chat = try chat(model, options: options)
    await chat.send("北京天气怎么样").finish()
    #expect(chat.lastError == nil)
    #expect(chat.messages.last?.text == "北京多云。")
  }

  @Test func theConversationCostBudgetStopsALaterTurnAndClearStartsOver() async throws {
    // Each answer: 100,000 input × 0.25 + 1,000 output × 2, per million = 0.027.
    let answer = ScriptedLanguageModel.Reply.text("好的", usage: TokenUsage(inputTokens: 100_000, outputTokens: 1_000))
    let model = ScriptedLanguageModel([answer, answer, answer])
    var options = ChatAgentOptions()
    options.prices = Self.prices
    options.budget = ChatBudget(costPerConversation: Self.decimal("0.05"))
    let chat = try chat(model, options: options)
    await chat.send("第一个问题").finish()
    #expect(chat.lastError == nil)
    // 0.027 spent + at least 100,000 cached input × 0.025 = 0.0025 → 0.0295 ≤ 0.05: sent.
    await chat.send("第二个问题").finish()
    #expect(chat.lastError == nil)
    // 0.054 spent already: stopped.
    await chat.send("第三个问题").finish()
    guard case .budgetExceeded(let exceeded)? = chat.lastError else {
      Issue.record("expected budgetExceeded, got \(String(describing: chat.lastError))")
      return
    }
    #expect(exceeded.limit == .costPerConversation)
    #expect(exceeded.currencyCode == "USD")
    #expect(exceeded.spent == Self.decimal("0.054"))
    #expect(model.requests.count == 2)

    await chat.clear().finish()
    await chat.send("新的对话").finish()
    #expect(chat.lastError == nil)
    #expect(model.requests.count == 3)
  }
}

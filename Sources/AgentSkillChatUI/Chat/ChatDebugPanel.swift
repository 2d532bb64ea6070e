#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillForms
  import AgentSkillLLM
  import AgentSkillUI
  import SwiftUI

  /// A chat agent's debug panel, to see during development how many
  /// milliseconds each step took: the phase, model requests and tokens spent, how long
  /// each skill's calls took, refused phase changes, and a link to the
  /// agent's full timeline in ``/AgentSkillUI/AgentDebugPanel``.
  ///
  /// ```swift
  /// struct AssistantScreen: View {
  ///   let chat: ChatAgent
  ///   @State private var showsDebug = false
  ///   var body: some View {
  ///     ChatView(agent: chat)
  ///       .toolbar {
  ///         Button("Debug", systemImage: "ladybug") { showsDebug = true }
  ///       }
  ///       .sheet(isPresented: $showsDebug) {
  ///         NavigationStack { ChatDebugPanel(chat) }
  ///       }
  ///   }
  /// }
  /// ```
  ///
  /// ``ChatView/debugPanelButton(_:)`` adds exactly that button. Timings are
  /// measured on the agent's clock and summed per skill
  /// (``/AgentSkillLLM/ChatAgent/metrics``); tokens are those the provider
  /// reported.
  public struct ChatDebugPanel: View {
    private let agent: ChatAgent

    /// Creates the panel.
    ///
    /// - Parameter agent: The chat agent to inspect.
    public init(_ agent: ChatAgent) {
      self.agent = agent
    }

    /// The sections and the timeline link.
    public var body: some View {
      // Field by field: streamed text does not refresh the panel.
      let core = agent.agent
      let metrics = agent.metrics
      let rejectedTransitions = core.rejectedTransitions
      let prices = agent.options.prices
      List {
        Section("Model") {
          LabeledContent("Phase") { Text(verbatim: agent.phase.description) }
          LabeledContent("Requests") { Text(verbatim: metrics.modelRequests.formatted()) }
          LabeledContent("Input tokens") { Text(verbatim: metrics.tokenUsage.inputTokens.formatted()) }
          LabeledContent("Output tokens") { Text(verbatim: metrics.tokenUsage.outputTokens.formatted()) }
          LabeledContent("Cached input tokens") {
            Text(verbatim: metrics.tokenUsage.cacheReadInputTokens.formatted())
          }
          LabeledContent("Reasoning tokens") { Text(verbatim: metrics.tokenUsage.reasoningTokens.formatted()) }
          LabeledContent("Feedback reports") { Text(verbatim: core.feedbackReports.formatted()) }
        }
        Section("Usage") {
          LabeledContent("This conversation") {
            Text(verbatim: Self.summary(of: metrics.conversationUsage, prices: prices))
          }
          if let turn = metrics.lastTurnUsage {
            LabeledContent("Last turn") { Text(verbatim: Self.summary(of: turn, prices: prices)) }
          }
          if let budget = agent.options.budget {
            LabeledContent("Budget") { Text(verbatim: Self.summary(of: budget, prices: prices)) }
          }
        }
        Section("Skills") {
          if metrics.skillTimings.isEmpty {
            Text("No skill has run yet.").foregroundStyle(.secondary)
          }
          ForEach(metrics.skillTimings) { ChatSkillTimingRow(timing: $0) }
        }
        if !rejectedTransitions.isEmpty {
          Section("Refused phase changes") {
            ForEach(rejectedTransitions.indices, id: \.self) { index in
              Text(verbatim: rejectedTransitions[index].description)
                .font(.footnote.monospacedDigit())
            }
          }
        }
        Section {
          NavigationLink {
            AgentDebugPanel(agent.agent)
          } label: {
            Label("Timeline", systemImage: "list.bullet.rectangle")
          }
        }
      }
      .navigationTitle("Chat debug")
    }

    /// `1,234 tokens · 3 requests · 0.0012 USD`.
    static func summary(of usage: ChatUsage, prices: TokenPrices?) -> String {
      var parts = ["\(usage.tokens.totalTokens.formatted()) tokens", "\(usage.modelRequests.formatted()) requests"]
      if let prices, let cost = usage.cost { parts.append(prices.formatted(cost)) }
      return parts.joined(separator: " · ")
    }

    /// The budget's limits, such as `20,000 tokens per turn · 0.5000 USD per conversation`.
    static func summary(of budget: ChatBudget, prices: TokenPrices?) -> String {
      var parts: [String] = []
      if let tokens = budget.tokensPerTurn { parts.append("\(tokens.formatted()) tokens per turn") }
      if let tokens = budget.tokensPerConversation { parts.append("\(tokens.formatted()) tokens per conversation") }
      if let prices, let cost = budget.costPerTurn { parts.append("\(prices.formatted(cost)) per turn") }
      if let prices, let cost = budget.costPerConversation {
        parts.append("\(prices.formatted(cost)) per conversation")
      }
      return parts.isEmpty ? "none" : parts.joined(separator: " · ")
    }
  }

  /// One skill's calls: total time, count, average and longest.
  private struct ChatSkillTimingRow: View {
    let timing: SkillTimingStats

    var body: some View {
      VStack(alignment: .leading, spacing: 4) {
        HStack(alignment: .firstTextBaseline) {
          Text(verbatim: timing.skillID).font(.headline)
          Spacer()
          Text(verbatim: timing.total.debugPanelText).font(.body.monospacedDigit())
        }
        Text(
          "\(timing.count) calls · average \(timing.average.debugPanelText) · longest \(timing.maximum.debugPanelText)"
        )
        .font(.caption)
        .foregroundStyle(.secondary)
      }
      .accessibilityElement(children: .combine)
    }
  }
#endif

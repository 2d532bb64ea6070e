#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillForms
  import AgentSkillLLM
  import AgentSkillUI
  import Foundation
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
    @Environment(\.locale) private var locale

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
        Section(text("chat.debug.model")) {
          LabeledContent(text("chat.debug.phase")) { Text(verbatim: agent.phase.description) }
          LabeledContent(text("chat.debug.requests")) {
            Text(verbatim: metrics.modelRequests.formatted(.number.locale(locale)))
          }
          LabeledContent(text("chat.debug.inputTokens")) {
            Text(verbatim: metrics.tokenUsage.inputTokens.formatted(.number.locale(locale)))
          }
          LabeledContent(text("chat.debug.outputTokens")) {
            Text(verbatim: metrics.tokenUsage.outputTokens.formatted(.number.locale(locale)))
          }
          LabeledContent(text("chat.debug.cachedInputTokens")) {
            Text(verbatim: metrics.tokenUsage.cacheReadInputTokens.formatted(.number.locale(locale)))
          }
          LabeledContent(text("chat.debug.reasoningTokens")) {
            Text(verbatim: metrics.tokenUsage.reasoningTokens.formatted(.number.locale(locale)))
          }
          LabeledContent(text("chat.debug.feedbackReports")) {
            Text(verbatim: core.feedbackReports.formatted(.number.locale(locale)))
          }
        }
        Section(text("chat.usage")) {
          LabeledContent(text("chat.usage.conversation")) {
            Text(verbatim: Self.summary(of: metrics.conversationUsage, prices: prices, locale: locale))
          }
          if let turn = metrics.lastTurnUsage {
            LabeledContent(text("chat.usage.lastTurn")) {
              Text(verbatim: Self.summary(of: turn, prices: prices, locale: locale))
            }
          }
          if let budget = agent.options.budget {
            LabeledContent(text("chat.usage.budget")) {
              Text(verbatim: Self.summary(of: budget, prices: prices, locale: locale))
            }
          }
        }
        Section(text("debug.skills")) {
          if metrics.skillTimings.isEmpty {
            Text(verbatim: text("chat.debug.noSkills")).foregroundStyle(.secondary)
          }
          ForEach(metrics.skillTimings) { ChatSkillTimingRow(timing: $0) }
        }
        if !rejectedTransitions.isEmpty {
          Section(text("chat.debug.refused")) {
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
            Label(text("debug.timeline"), systemImage: "list.bullet.rectangle")
          }
        }
      }
      .navigationTitle(text("chat.debug.title"))
    }

    /// The library's text for `key` in the view's locale.
    private func text(_ key: String) -> String {
      AgentSkillLocalization.string(key, locale: locale)
    }

    /// `1,234 tokens · 3 requests · 0.0012 USD`, in `locale`'s language.
    static func summary(of usage: ChatUsage, prices: TokenPrices?, locale: Locale) -> String {
      var parts = [
        AgentSkillLocalization.string(
          "chat.usage.tokens", usage.tokens.totalTokens.formatted(.number.locale(locale)), locale: locale),
        AgentSkillLocalization.string(
          "chat.usage.requests", usage.modelRequests.formatted(.number.locale(locale)), locale: locale),
      ]
      if let prices, let cost = usage.cost { parts.append(prices.formatted(cost, locale: locale)) }
      return parts.joined(separator: " · ")
    }

    /// The budget's limits, such as `20,000 tokens per turn · 0.5000 USD per conversation`, in `locale`'s language.
    static func summary(of budget: ChatBudget, prices: TokenPrices?, locale: Locale) -> String {
      func text(_ key: String, _ value: String) -> String {
        AgentSkillLocalization.string(key, value, locale: locale)
      }
      var parts: [String] = []
      if let tokens = budget.tokensPerTurn {
        parts.append(text("chat.usage.tokensPerTurn", tokens.formatted(.number.locale(locale))))
      }
      if let tokens = budget.tokensPerConversation {
        parts.append(text("chat.usage.tokensPerConversation", tokens.formatted(.number.locale(locale))))
      }
      if let prices, let cost = budget.costPerTurn {
        parts.append(text("chat.usage.costPerTurn", prices.formatted(cost, locale: locale)))
      }
      if let prices, let cost = budget.costPerConversation {
        parts.append(text("chat.usage.costPerConversation", prices.formatted(cost, locale: locale)))
      }
      return parts.isEmpty
        ? AgentSkillLocalization.string("chat.usage.none", locale: locale) : parts.joined(separator: " · ")
    }
  }

  /// One skill's calls: total time, count, average and longest.
  private struct ChatSkillTimingRow: View {
    let timing: SkillTimingStats
    @Environment(\.locale) private var locale

    var body: some View {
      VStack(alignment: .leading, spacing: 4) {
        HStack(alignment: .firstTextBaseline) {
          Text(verbatim: timing.skillID).font(.headline)
          Spacer()
          Text(verbatim: timing.total.debugPanelText).font(.body.monospacedDigit())
        }
        Text(
          verbatim: AgentSkillLocalization.string(
            "chat.debug.timing", "\(timing.count)", timing.average.debugPanelText, timing.maximum.debugPanelText,
            locale: locale)
        )
        .font(.caption)
        .foregroundStyle(.secondary)
      }
      .accessibilityElement(children: .combine)
    }
  }
#endif

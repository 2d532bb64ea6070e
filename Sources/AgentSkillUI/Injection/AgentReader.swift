#if canImport(SwiftUI)
  import AgentSkill
  import SwiftUI

  /// Shows content built from an agent the environment may not hold, and a
  /// fallback when it does not.
  ///
  /// An ``/AgentSkill/Agent`` is `Observable`, so SwiftUI injects it like any
  /// observable object: once, at the root of the screen, with
  /// `.environment(agent)`, and every view below reads the same instance with
  /// `@Environment(Agent<Context, Intent, Effect>.self)`.
  /// Name the agent type once so the property wrapper stays short:
  ///
  /// ```swift
  /// typealias MessageAgent = Agent<MessageContext, MessageIntent, MessageEffect>
  ///
  /// struct MessagesScreen: View {
  ///   @State private var agent = MessageAgent(
  ///     context: MessageContext(), skills: [LoadMessagesSkill()], reduce: MessageReducer.reduce)
  ///   var body: some View {
  ///     NavigationStack { MessageList() }
  ///       .environment(agent)
  ///   }
  /// }
  ///
  /// struct MessageList: View {
  ///   @Environment(MessageAgent.self) private var agent
  ///   var body: some View {
  ///     List(agent.context.messages) { MessageRow(message: $0) }
  ///   }
  /// }
  /// ```
  ///
  /// Reading a non-optional `@Environment(MessageAgent.self)` when no
  /// ancestor injected one stops the app. A view that may be shown without
  /// an agent — a reusable row, a widget, a preview — declares the property
  /// optional and unwraps it. The type passed to `Environment` stays the
  /// agent's own type: `@Environment(MessageAgent?.self)`, a tempting
  /// spelling, does not compile, since an optional is not an observable
  /// object.
  ///
  /// ```swift
  /// struct UnreadBadge: View {
  ///   @Environment(MessageAgent.self) private var agent: MessageAgent?
  ///   var body: some View {
  ///     if let agent, agent.context.unreadCount > 0 {
  ///       Text("\(agent.context.unreadCount)")
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// `AgentReader` does that unwrapping for you:
  ///
  /// ```swift
  /// struct MessageCount: View {
  ///   var body: some View {
  ///     AgentReader(MessageAgent.self) { agent in
  ///       Text("\(agent.context.messages.count) messages")
  ///     } fallback: {
  ///       Text("Messages are unavailable")
  ///     }
  ///   }
  /// }
  /// ```
  public struct AgentReader<Context: Sendable, Intent: Sendable, Effect: Sendable, Content: View, Fallback: View>: View
  {
    @Environment(Agent<Context, Intent, Effect>.self) private var agent: Agent<Context, Intent, Effect>?
    private let content: (Agent<Context, Intent, Effect>) -> Content
    private let fallback: () -> Fallback

    /// Creates a reader with a fallback for when no agent of this type was injected.
    ///
    /// - Parameters:
    ///   - agentType: The agent's type, such as `MessageAgent.self`.
    ///   - content: Builds the content from the injected agent.
    ///   - fallback: Builds what to show when no agent was injected.
    public init(
      _ agentType: Agent<Context, Intent, Effect>.Type,
      @ViewBuilder content: @escaping (Agent<Context, Intent, Effect>) -> Content,
      @ViewBuilder fallback: @escaping () -> Fallback
    ) {
      self.content = content
      self.fallback = fallback
    }

    /// The content when an agent was injected, otherwise the fallback.
    public var body: some View {
      if let agent {
        content(agent)
      } else {
        fallback()
      }
    }
  }

  extension AgentReader where Fallback == EmptyView {
    /// Creates a reader that shows nothing when no agent of this type was injected.
    ///
    /// ```swift
    /// struct MessageCount: View {
    ///   var body: some View {
    ///     AgentReader(MessageAgent.self) { agent in
    ///       Text("\(agent.context.messages.count) messages")
    ///     }
    ///   }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - agentType: The agent's type, such as `MessageAgent.self`.
    ///   - content: Builds the content from the injected agent.
    public init(
      _ agentType: Agent<Context, Intent, Effect>.Type,
      @ViewBuilder content: @escaping (Agent<Context, Intent, Effect>) -> Content
    ) {
      self.init(agentType, content: content, fallback: { EmptyView() })
    }
  }
#endif

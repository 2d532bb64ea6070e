#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillList
  import SwiftUI

  /// Renders the standard phases of a screen from its agent's context: a
  /// progress view while nothing is loaded, the content, an empty state, or
  /// the failure message with a Retry button that sends the retry intent.
  ///
  /// ```swift
  /// struct MessagesScreen: View {
  ///   @State private var agent = ListAgent<Message>(skills: [ListLoadSkill(fetch: MessageAPI.page)])
  ///   var body: some View {
  ///     AgentRenderView(agent) { agent in
  ///       List(agent.items) { MessageRow(message: $0) }
  ///     }
  ///     .sending(.load, to: agent)
  ///     .refreshable { await agent.send(.refresh).finish() }
  ///   }
  /// }
  /// ```
  ///
  /// Which view shows follows ``/AgentSkillList/LoadPresentation``: the phase,
  /// and whether there is content to keep on screen. A refresh or a failure
  /// while items are shown keeps them — a refresh shows the
  /// ``refreshingView(_:)`` above them (nothing by default, since
  /// `refreshable` shows its own indicator), a failure shows the failure
  /// view above them.
  ///
  /// Each state's view can be replaced, keeping the others:
  ///
  /// ```swift
  /// struct InboxScreen: View {
  ///   @Environment(ListAgent<Message>.self) private var agent
  ///   var body: some View {
  ///     AgentRenderView(agent) { agent in
  ///       List(agent.items) { MessageRow(message: $0) }
  ///     }
  ///     .emptyView { hint in
  ///       ContentUnavailableView("No messages", systemImage: "tray", description: Text(hint))
  ///     }
  ///     .failureView { message, retry in
  ///       OfflineBanner(message: message, retry: retry)
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// For a context of your own, pass the key path to its ``/AgentSkillList/LoadPhase``,
  /// the intent Retry sends and how to tell whether there is content; see
  /// ``init(_:phase:retry:hasContent:content:)``.
  public struct AgentRenderView<
    Context: Sendable, Intent: Sendable, Effect: Sendable,
    Content: View, Loading: View, Empty: View, Failure: View, Refreshing: View
  >: View {
    private let agent: Agent<Context, Intent, Effect>
    private let phase: KeyPath<Context, LoadPhase>
    private let retryIntent: Intent
    private let hasContent: (Agent<Context, Intent, Effect>) -> Bool
    private let content: (Agent<Context, Intent, Effect>) -> Content
    private let loading: (String?) -> Loading
    private let empty: (String) -> Empty
    private let failure: (String, @escaping @MainActor () -> Void) -> Failure
    private let refreshing: (String) -> Refreshing

    /// The view for the current phase.
    ///
    /// It reads the phase and what `hasContent` reads, each field through the
    /// agent, so a batch that changes another field (a page loading below the
    /// list, streamed text) does not invalidate it; the content reads its own
    /// fields through the agent it is given.
    public var body: some View {
      let presentation = agent.presentation(phase: phase, hasContent: hasContent)
      switch presentation {
      case .progress(let hint):
        loading(hint)
      case .empty(let hint):
        empty(hint)
      case .failure(let message, overContent: false):
        failure(message, retry)
      case .content, .failure(_, overContent: true):
        // One branch for every state that shows the content, so a refresh
        // or a failure above it keeps the content's identity (and a list's
        // scroll position).
        VStack(spacing: 0) {
          if case .content(let refreshingHint?) = presentation {
            refreshing(refreshingHint)
          }
          if case .failure(let message, overContent: true) = presentation {
            failure(message, retry)
          }
          content(agent)
        }
      }
    }

    private func retry() {
      agent.send(retryIntent)
    }
  }

  extension AgentRenderView
  where Loading == DefaultLoadingView, Empty == DefaultEmptyView, Failure == DefaultFailureView, Refreshing == EmptyView
  {
    /// Creates a view for a context of your own.
    ///
    /// ```swift
    /// struct ProfileScreen: View {
    ///   @Environment(ProfileAgent.self) private var agent
    ///   var body: some View {
    ///     AgentRenderView(agent, phase: \.phase, retry: .reload) { agent in
    ///       ProfileCard(profile: agent.profile)
    ///     }
    ///   }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - agent: The agent whose context to render.
    ///   - phase: The key path to the context's phase.
    ///   - retry: The intent the Retry button sends.
    ///   - hasContent: Whether the agent holds content worth keeping on
    ///     screen during a refresh or under a failure; read the fields it
    ///     needs through the agent. Defaults to `false`: the phase alone decides.
    ///   - content: Builds the content; read the fields it shows through the agent.
    public init(
      _ agent: Agent<Context, Intent, Effect>,
      phase: KeyPath<Context, LoadPhase>,
      retry: Intent,
      hasContent: @escaping (Agent<Context, Intent, Effect>) -> Bool = { _ in false },
      @ViewBuilder content: @escaping (Agent<Context, Intent, Effect>) -> Content
    ) {
      self.init(
        agent: agent, phase: phase, retryIntent: retry, hasContent: hasContent, content: content,
        loading: { DefaultLoadingView(hint: $0) },
        empty: { DefaultEmptyView(hint: $0) },
        failure: { DefaultFailureView(message: $0, retry: $1) },
        refreshing: { _ in EmptyView() })
    }

    /// Creates a view for the standard list feature: its phase, `retry` on
    /// Retry, and the items kept on screen during a refresh or under a failure.
    ///
    /// ```swift
    /// struct MessagesScreen: View {
    ///   @Environment(ListAgent<Message>.self) private var agent
    ///   var body: some View {
    ///     AgentRenderView(agent) { agent in
    ///       List(agent.items) { MessageRow(message: $0) }
    ///     }
    ///   }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - agent: The list agent.
    ///   - content: Builds the list; read the fields it shows through the agent (`agent.items`).
    public init<Item>(
      _ agent: ListAgent<Item>,
      @ViewBuilder content: @escaping (ListAgent<Item>) -> Content
    ) where Context == ListContext<Item>, Intent == ListIntent<Item>, Effect == ListEffect<Item> {
      self.init(
        agent, phase: \.phase, retry: .retry, hasContent: { !$0[dynamicMember: \.items.isEmpty] }, content: content)
    }
  }

  extension AgentRenderView {
    /// Replaces the view shown while nothing is loaded yet.
    ///
    /// - Parameter view: Builds the view from the loading hint, `nil` before the first load.
    /// - Returns: A render view with this loading view.
    public func loadingView<NewLoading: View>(
      @ViewBuilder _ view: @escaping (String?) -> NewLoading
    ) -> AgentRenderView<Context, Intent, Effect, Content, NewLoading, Empty, Failure, Refreshing> {
      AgentRenderView<Context, Intent, Effect, Content, NewLoading, Empty, Failure, Refreshing>(
        agent: agent, phase: phase, retryIntent: retryIntent, hasContent: hasContent, content: content,
        loading: view, empty: empty, failure: failure, refreshing: refreshing)
    }

    /// Replaces the view shown when there is nothing to show.
    ///
    /// - Parameter view: Builds the view from the empty hint.
    /// - Returns: A render view with this empty view.
    public func emptyView<NewEmpty: View>(
      @ViewBuilder _ view: @escaping (String) -> NewEmpty
    ) -> AgentRenderView<Context, Intent, Effect, Content, Loading, NewEmpty, Failure, Refreshing> {
      AgentRenderView<Context, Intent, Effect, Content, Loading, NewEmpty, Failure, Refreshing>(
        agent: agent, phase: phase, retryIntent: retryIntent, hasContent: hasContent, content: content,
        loading: loading, empty: view, failure: failure, refreshing: refreshing)
    }

    /// Replaces the view shown when loading failed, alone or above the content.
    ///
    /// - Parameter view: Builds the view from the failure message and the
    ///   action that sends the retry intent.
    /// - Returns: A render view with this failure view.
    public func failureView<NewFailure: View>(
      @ViewBuilder _ view: @escaping (String, @escaping @MainActor () -> Void) -> NewFailure
    ) -> AgentRenderView<Context, Intent, Effect, Content, Loading, Empty, NewFailure, Refreshing> {
      AgentRenderView<Context, Intent, Effect, Content, Loading, Empty, NewFailure, Refreshing>(
        agent: agent, phase: phase, retryIntent: retryIntent, hasContent: hasContent, content: content,
        loading: loading, empty: empty, failure: view, refreshing: refreshing)
    }

    /// Sets the view shown above the content while it is refreshed; by
    /// default nothing is, since `refreshable` shows its own indicator.
    ///
    /// ```swift
    /// struct FeedScreen: View {
    ///   @Environment(ListAgent<Message>.self) private var agent
    ///   var body: some View {
    ///     AgentRenderView(agent) { agent in
    ///       List(agent.items) { MessageRow(message: $0) }
    ///     }
    ///     .refreshingView { hint in
    ///       ProgressView(hint).padding(.vertical, 8)
    ///     }
    ///   }
    /// }
    /// ```
    ///
    /// - Parameter view: Builds the view from the loading hint.
    /// - Returns: A render view with this refreshing view.
    public func refreshingView<NewRefreshing: View>(
      @ViewBuilder _ view: @escaping (String) -> NewRefreshing
    ) -> AgentRenderView<Context, Intent, Effect, Content, Loading, Empty, Failure, NewRefreshing> {
      AgentRenderView<Context, Intent, Effect, Content, Loading, Empty, Failure, NewRefreshing>(
        agent: agent, phase: phase, retryIntent: retryIntent, hasContent: hasContent, content: content,
        loading: loading, empty: empty, failure: failure, refreshing: view)
    }
  }
#endif

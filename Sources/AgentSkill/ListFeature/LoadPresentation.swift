/// What a screen shows for a ``LoadPhase``: the decision behind
/// `AgentRenderView`, kept free of SwiftUI so it can be tested anywhere.
///
/// ```swift
/// switch LoadPresentation(phase: context.phase, hasContent: !context.items.isEmpty) {
/// case .progress(let hint): ProgressView(hint ?? "")
/// case .content(let refreshing): MessageList(items: context.items, refreshing: refreshing)
/// case .empty(let hint): ContentUnavailableView(hint, systemImage: "tray")
/// case .failure(let message, let overContent): FailureBanner(message, showsItems: overContent)
/// }
/// ```
///
/// The phase decides, except that content already on screen is kept: a
/// refresh (``LoadPhase/loading(_:)`` with items) shows the items with the
/// refresh hint, and a failure with items keeps them below the message —
/// replacing a readable list with a spinner or an error page makes the
/// screen flash.
public enum LoadPresentation: Hashable, Sendable {
  /// Nothing to show yet: a progress indicator, with the hint when there is one.
  case progress(hint: String?)
  /// The content; `refreshing` is the hint of a load in flight over it, if any.
  case content(refreshing: String?)
  /// Nothing to show: the empty state with its hint.
  case empty(hint: String)
  /// Loading failed; `overContent` tells whether the content stays below the message.
  case failure(message: String, overContent: Bool)

  /// The presentation of `phase`.
  ///
  /// - Parameters:
  ///   - phase: The screen's phase.
  ///   - hasContent: Whether the context holds content worth keeping on
  ///     screen, such as a non-empty list.
  public init(phase: LoadPhase, hasContent: Bool) {
    switch phase {
    case .idle:
      self = hasContent ? .content(refreshing: nil) : .progress(hint: nil)
    case .loading(let hint):
      self = hasContent ? .content(refreshing: hint) : .progress(hint: hint)
    case .loaded:
      self = .content(refreshing: nil)
    case .empty(let hint):
      self = .empty(hint: hint)
    case .failure(let message):
      self = .failure(message: message, overContent: hasContent)
    }
  }
}

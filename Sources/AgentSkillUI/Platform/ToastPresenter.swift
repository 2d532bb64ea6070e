#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillAutonomy
  import Foundation
  import SwiftUI

  extension View {
    /// Shows the toasts of `center` at the bottom of this view, one at a
    /// time, with their action button.
    ///
    /// ```swift
    /// struct NotesRoot: View {
    ///   var body: some View {
    ///     Text("Notes")
    ///       .toasts(from: SystemPlatformServices.shared.toasts)
    ///   }
    /// }
    /// ```
    ///
    /// While a toast whose action is an Undo (``/AgentSkillAutonomy/ToastAction/isUndo``)
    /// is shown, the action is registered with the environment's
    /// `UndoManager` under the action's title, so shaking the device or ⌘Z
    /// undoes too; the registration is removed when the toast goes away.
    ///
    /// - Parameter center: The toasts to show; ``/AgentSkillAutonomy/SystemPlatformServices/toasts``
    ///   for the services skills use by default.
    /// - Returns: This view with the toasts over it.
    public func toasts(from center: ToastCenter) -> some View {
      modifier(ToastPresenter(center: center))
    }
  }

  /// Overlays the current toast and keeps its Undo registered with the `UndoManager`.
  private struct ToastPresenter: ViewModifier {
    let center: ToastCenter
    @Environment(\.undoManager) private var undoManager
    @Environment(\.locale) private var locale

    func body(content: Content) -> some View {
      content
        .overlay(alignment: .bottom) {
          if let toast = center.current {
            ToastBanner(toast: toast, locale: locale) {
              center.performAction(of: toast.id)
            } dismiss: {
              center.dismiss(id: toast.id)
            }
            .id(toast.id)
          }
        }
        .onChange(of: center.current?.id, initial: true) {
          registerUndo(for: center.current)
        }
    }

    /// Registers the Undo of `toast` in place of the previous toast's.
    private func registerUndo(for toast: Toast?) {
      guard let undoManager else { return }
      undoManager.removeAllActions(withTarget: center)
      guard let toast, let action = toast.action, action.isUndo else { return }
      let id = toast.id
      undoManager.registerUndo(withTarget: center) { center in
        // UndoManager performs undo on the main thread for the UI.
        MainActor.assumeIsolated { center.performAction(of: id) }
      }
      undoManager.setActionName(action.title)
    }
  }

  /// One toast: its message, its action button and a dismiss button.
  private struct ToastBanner: View {
    let toast: Toast
    let locale: Locale
    let perform: @MainActor () -> Void
    let dismiss: @MainActor () -> Void

    var body: some View {
      HStack(spacing: 12) {
        Text(verbatim: toast.message)
          .lineLimit(2)
        Spacer(minLength: 0)
        if let action = toast.action {
          Button(action.title, action: perform)
            .buttonStyle(.borderless)
        }
        Button(action: dismiss) {
          Label(AgentSkillLocalization.string("toast.dismiss", locale: locale), systemImage: "xmark")
            .labelStyle(.iconOnly)
        }
        .buttonStyle(.borderless)
      }
      .padding(12)
      .background(.quaternary, in: RoundedRectangle(cornerRadius: 12))
      .padding(16)
      .accessibilityElement(children: .contain)
    }
  }
#endif

#if canImport(SwiftUI)
  import SwiftUI

  /// The empty state of ``AgentRenderView``: a `ContentUnavailableView`
  /// titled with the empty hint.
  ///
  /// ```swift
  /// struct NoResults: View {
  ///   var body: some View {
  ///     DefaultEmptyView(hint: "No results", systemImage: "magnifyingglass")
  ///   }
  /// }
  /// ```
  public struct DefaultEmptyView: View {
    private let hint: String
    private let systemImage: String

    /// Creates an empty view.
    ///
    /// - Parameters:
    ///   - hint: What is missing, such as `"No messages yet"`.
    ///   - systemImage: The SF Symbol above it. Defaults to `tray`.
    public init(hint: String, systemImage: String = "tray") {
      self.hint = hint
      self.systemImage = systemImage
    }

    /// The unavailable-content view.
    public var body: some View {
      ContentUnavailableView {
        Label(hint, systemImage: systemImage)
      }
    }
  }
#endif

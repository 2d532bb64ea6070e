#if canImport(SwiftUI)
  import AgentSkill
  import AgentSkillLLM
  import SwiftUI

  /// A tool's result in a ``ChatView``: its ``/AgentSkillLLM/ToolDisplay`` in a
  /// card headed by the skill's name — a table (grouped, with subtotals), labelled
  /// values, a list or text — or, for a failed or declined call, one line
  /// saying why. A successful result with nothing to show takes no space.
  ///
  /// ```swift
  /// struct ResultsList: View {
  ///   let results: [ChatToolResult]
  ///   var body: some View {
  ///     ForEach(results, id: \.callID) { ChatToolResultView(result: $0) }
  ///   }
  /// }
  /// ```
  public struct ChatToolResultView: View {
    private let result: ChatToolResult
    @Environment(\.locale) private var locale

    /// Creates a result view.
    ///
    /// - Parameter result: The result to show.
    public init(result: ChatToolResult) {
      self.result = result
    }

    /// The card, the failure line, or nothing.
    public var body: some View {
      if !result.isSuccess {
        Label {
          Text(verbatim: result.summary)
        } icon: {
          Image(systemName: "exclamationmark.triangle")
        }
        .font(.footnote)
        .foregroundStyle(.secondary)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(
          Text(
            verbatim: AgentSkillLocalization.string(
              "chat.tool.didNotRun", result.displayName, result.summary, locale: locale)))
      } else if hasDisplay {
        VStack(alignment: .leading, spacing: 8) {
          Label(result.displayName, systemImage: "wrench.and.screwdriver")
            .font(.caption)
            .foregroundStyle(.secondary)
          ToolDisplayContent(display: result.display)
        }
        .padding(12)
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(.quaternary, in: RoundedRectangle(cornerRadius: 12))
        .accessibilityElement(children: .contain)
      }
    }

    private var hasDisplay: Bool {
      if case .none = result.display { return false }
      return true
    }
  }

  /// The view for each kind of ``/AgentSkillLLM/ToolDisplay``.
  private struct ToolDisplayContent: View {
    let display: ToolDisplay

    var body: some View {
      switch display {
      case .none:
        EmptyView()
      case .text(let text):
        Text(verbatim: text)
      case .list(let items):
        VStack(alignment: .leading, spacing: 4) {
          ForEach(items.indices, id: \.self) { index in
            HStack(alignment: .firstTextBaseline, spacing: 6) {
              Text(verbatim: "•").accessibilityHidden(true)
              Text(verbatim: items[index])
            }
          }
        }
      case .keyValues(let values):
        ToolKeyValuesView(values)
      case .table(let table):
        ToolTableView(table)
      }
    }
  }
#endif

#if canImport(SwiftUI)
  import AgentSkillLLM
  import SwiftUI

  /// Labelled values, such as a weather card: the title, then each label
  /// and value in two aligned columns.
  ///
  /// ```swift
  /// struct WeatherCard: View {
  ///   var body: some View {
  ///     ToolKeyValuesView(ToolKeyValues(title: "北京 · 今天", pairs: [.init("天气", "多云"), .init("气温", "18–26°C")]))
  ///   }
  /// }
  /// ```
  ///
  /// VoiceOver reads each pair as one element ("天气, 多云").
  public struct ToolKeyValuesView: View {
    private let values: ToolKeyValues

    /// Creates the view.
    ///
    /// - Parameter values: The labelled values.
    public init(_ values: ToolKeyValues) {
      self.values = values
    }

    /// The title and the pairs.
    public var body: some View {
      VStack(alignment: .leading, spacing: 6) {
        if let title = values.title {
          Text(verbatim: title).font(.headline)
        }
        Grid(alignment: .leading, horizontalSpacing: 12, verticalSpacing: 4) {
          ForEach(values.pairs.indices, id: \.self) { index in
            GridRow {
              Text(verbatim: values.pairs[index].key).foregroundStyle(.secondary)
              Text(verbatim: values.pairs[index].value)
            }
            .accessibilityElement(children: .combine)
          }
        }
        .font(.callout)
      }
    }
  }
#endif

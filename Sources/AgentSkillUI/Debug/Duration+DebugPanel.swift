#if canImport(SwiftUI)
  import Foundation

  extension Duration {
    /// A short, localized duration such as `120.5ms` or `1.3s`.
    package var debugPanelText: String {
      formatted(
        .units(
          allowed: [.seconds, .milliseconds], width: .narrow, maximumUnitCount: 1,
          fractionalPart: .show(length: 1)))
    }

    /// A position on the timeline such as `00:01.250`.
    var debugPanelOffset: String {
      formatted(.time(pattern: .minuteSecond(padMinuteToLength: 2, fractionalSecondsLength: 3)))
    }
  }
#endif

import Foundation

/// The library's user-facing texts — list hints and failures, form
/// messages, the status, render and chat views' labels and accessibility
/// hints — looked up in its String Catalog, `AgentSkill.xcstrings`.
///
/// The catalog ships in the `AgentSkill` module's resources with English
/// (`en`, the source language) and Simplified Chinese (`zh-Hans`); Xcode
/// compiles and exports it like any package's catalog. A text is looked up,
/// for the localization closest to the locale (`localization(for:)`), in:
///
/// 1. **the app's main bundle, table ``table``** (`AgentSkill`): add an
///    `AgentSkill.xcstrings` catalog to the app target with any of the
///    library's keys (such as `list.empty`) to override them, or to add a
///    language the library lacks;
/// 2. the library's compiled table, in its resource bundle (on Apple platforms);
/// 3. the library's catalog itself, read as JSON: SwiftPM on Linux copies an
///    `.xcstrings` resource unprocessed (it has no `xcstringstool`), so
///    `Bundle` finds no table there. Reading the catalog keeps it the single
///    source of the texts on every platform;
/// 4. the source language's value, then the key itself.
///
/// Texts kept in state are resolved `String`s, chosen once for a locale
/// (`ListStrings/init(locale:)`), so state stays `Sendable` and `Equatable`.
///
/// ```swift
/// let chinese = Locale(identifier: "zh-Hans")
/// let empty = AgentSkillLocalization.string("list.empty", locale: chinese)
/// // "这里还没有任何消息"
/// ```
public enum AgentSkillLocalization {
  /// The table the library's texts live in, `"AgentSkill"`: an app's own
  /// `AgentSkill.xcstrings` (or `AgentSkill.strings`) overrides them key by key.
  public static let table = "AgentSkill"

  /// The localizations the library's catalog has texts for, the source
  /// language (`"en"`) first.
  package static var localizations: [String] {
    if let catalog { return catalog.localizations }
    let compiled = (LibraryBundle.resources?.localizations ?? []).filter { $0 != "Base" && $0 != sourceLanguage }
    return [sourceLanguage] + compiled.sorted()
  }

  /// The localization closest to `locale` among the library's and the
  /// app's (an app that overrides the ``table`` in French gets `fr`): the
  /// same language and script (`zh-Hans`), else the same language in another
  /// script or region (`zh-Hant-TW` reads `zh-Hans`), else English.
  ///
  /// - Parameter locale: The user's locale, such as `Locale.current`.
  /// - Returns: One of `localizations` or of the app's localizations.
  package static func localization(for locale: Locale) -> String {
    let app = Bundle.main.localizations.filter { $0 != "Base" && !localizations.contains($0) }
    return localization(for: locale, among: localizations + app.sorted(), fallback: sourceLanguage)
  }

  /// The text for `key` in the localization closest to `locale`, with
  /// `arguments` in its `%@` (or `%1$@`, `%2$@`) placeholders.
  ///
  /// - Parameters:
  ///   - key: A key of `AgentSkill.xcstrings`, such as `"list.loading"`.
  ///   - arguments: The values of the text's placeholders, in order.
  ///   - locale: The locale to show the text in; the current one by default.
  /// - Returns: The app's override, else the library's text, else the key.
  public static func string(_ key: String, _ arguments: String..., locale: Locale = .current) -> String {
    format(text(forKey: key, localization: localization(for: locale)), arguments)
  }

  /// The text for `key` in `localization`, before its placeholders are filled.
  package static func text(forKey key: String, localization: String) -> String {
    compiledText(forKey: key, localization: localization, in: [Bundle.main] + library)
      ?? catalog?.value(forKey: key, localization: localization)
      ?? compiledText(forKey: key, localization: sourceLanguage, in: library)
      ?? catalog?.value(forKey: key, localization: sourceLanguage)
      ?? key
  }

  /// The text for `key` in the first of `bundles` whose compiled `.lproj`
  /// table for `localization` has it.
  private static func compiledText(forKey key: String, localization: String, in bundles: [Bundle]) -> String? {
    let missing = "\u{0}AgentSkill.missing"
    for bundle in bundles {
      guard let path = bundle.path(forResource: localization, ofType: "lproj"),
        let localized = Bundle(path: path)
      else { continue }
      let value = localized.localizedString(forKey: key, value: missing, table: table)
      if value != missing { return value }
    }
    return nil
  }

  /// The library's resource bundle, as a list of none or one.
  private static var library: [Bundle] { LibraryBundle.resources.map { [$0] } ?? [] }

  /// The language the catalog's keys and fallback texts are in.
  static var sourceLanguage: String { catalog?.sourceLanguage ?? "en" }

  /// The library's catalog, read once; `nil` where the bundle holds none
  /// (Apple platforms, whose build compiled it to `.strings` tables).
  static let catalog: StringCatalog? = {
    guard let url = LibraryBundle.resources?.url(forResource: table, withExtension: "xcstrings"),
      let data = try? Data(contentsOf: url)
    else { return nil }
    return try? StringCatalog(data: data)
  }()

  /// The entry of `available` closest to `locale`, or `fallback`.
  static func localization(for locale: Locale, among available: [String], fallback: String) -> String {
    let language = locale.language
    guard let code = language.languageCode?.identifier.lowercased() else { return fallback }
    var candidates: [String] = []
    if let script = language.script?.identifier { candidates.append("\(code)-\(script)") }
    if let region = language.region?.identifier { candidates.append("\(code)-\(region)") }
    candidates.append(code)
    for candidate in candidates {
      if let match = available.first(where: { $0.caseInsensitiveCompare(candidate) == .orderedSame }) {
        return match
      }
    }
    return available.first { $0.lowercased().hasPrefix(code + "-") } ?? fallback
  }

  /// `text` with `%@` placeholders replaced by `arguments` in order, `%N$@`
  /// by the Nth argument, and `%%` by `%`; a placeholder without an argument
  /// becomes empty.
  static func format(_ text: String, _ arguments: [String]) -> String {
    guard text.contains("%") else { return text }
    var result = ""
    var next = 0
    var rest = Substring(text)
    while let percent = rest.firstIndex(of: "%") {
      result += rest[..<percent]
      let after = rest[rest.index(after: percent)...]
      if after.hasPrefix("%") {
        result += "%"
        rest = after.dropFirst()
      } else if after.hasPrefix("@") {
        result += next < arguments.count ? arguments[next] : ""
        next += 1
        rest = after.dropFirst()
      } else if let dollar = after.firstIndex(of: "$"), let position = Int(after[..<dollar]),
        after[after.index(after: dollar)...].hasPrefix("@")
      {
        result += arguments.indices.contains(position - 1) ? arguments[position - 1] : ""
        rest = after[after.index(after: dollar)...].dropFirst()
      } else {
        result += "%"
        rest = after
      }
    }
    return result + rest
  }
}

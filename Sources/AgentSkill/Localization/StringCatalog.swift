import Foundation

/// A String Catalog (`.xcstrings`) read at run time: each key's value per
/// localization, from the catalog's JSON.
///
/// Xcode compiles a package's catalogs into `.lproj/*.strings` tables, which
/// `Bundle.localizedString(forKey:value:table:)` finds. SwiftPM on Linux has
/// no `xcstringstool`: it copies the `.xcstrings` file into the resource
/// bundle unprocessed, and `Bundle` finds no table. This reader is that
/// platform's path, so the catalog stays the single source of the texts on
/// every platform. It reads `sourceLanguage` and, per key,
/// `localizations` → language → `stringUnit` → `value`; plural and device
/// variations are not read (the library's strings have none).
struct StringCatalog: Sendable, Equatable {
  /// The language the keys are written in (`"en"`).
  let sourceLanguage: String
  /// Key → localization (`"en"`, `"zh-Hans"`) → value.
  let values: [String: [String: String]]

  /// The localizations that have at least one value, the source language first.
  var localizations: [String] {
    let others = Set(values.values.flatMap(\.keys)).subtracting([sourceLanguage])
    return [sourceLanguage] + others.sorted()
  }

  /// Reads a catalog from its JSON.
  ///
  /// - Throws: ``StringCatalogError/malformed(_:)`` when the data is not a String Catalog.
  init(data: Data) throws(StringCatalogError) {
    let file: CatalogFile
    do {
      file = try JSONDecoder().decode(CatalogFile.self, from: data)
    } catch {
      throw .malformed(String(describing: error))
    }
    sourceLanguage = file.sourceLanguage
    values = file.strings.mapValues { entry in
      (entry.localizations ?? [:]).compactMapValues { $0.stringUnit?.value }
    }
  }

  /// The value of `key` in `localization`, or `nil` when the catalog has none.
  ///
  /// A key without a value in the source language is its own value, as in Xcode.
  func value(forKey key: String, localization: String) -> String? {
    guard let entry = values[key] else { return nil }
    if let value = entry[localization] { return value }
    return localization == sourceLanguage ? key : nil
  }
}

/// Why a String Catalog could not be read.
enum StringCatalogError: Error, Equatable, CustomStringConvertible {
  /// The file is not a String Catalog's JSON; the associated text says where it broke.
  case malformed(String)

  var description: String {
    switch self {
    case .malformed(let reason):
      "The string catalog is not valid .xcstrings JSON (\(reason)). Open and save it in Xcode's String Catalog editor."
    }
  }
}

/// The parts of the `.xcstrings` format the reader uses.
private struct CatalogFile: Decodable {
  struct Entry: Decodable {
    let localizations: [String: Localization]?
  }
  struct Localization: Decodable {
    let stringUnit: StringUnit?
  }
  struct StringUnit: Decodable {
    let value: String
  }
  let sourceLanguage: String
  let strings: [String: Entry]
}

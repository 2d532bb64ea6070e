/// A semantic version (`MAJOR.MINOR.PATCH[-prerelease][+build]`), compared
/// by semver 2.0 precedence.
///
/// ```swift
/// if let required = SemanticVersion("0.2.0"), AgentSkillVersion.current < required {
///   print("needs \(required)")  // 0.1.0 < 0.2.0
/// }
/// let beta = SemanticVersion("1.0.0-beta.2")
/// let release = SemanticVersion("v1.0")   // 1.0.0
/// beta! < release!                        // true: a pre-release sorts first
/// ```
///
/// Parsing is lenient where it is safe: a leading `v` and missing minor or
/// patch numbers (`1.2` means `1.2.0`) are accepted. Build metadata is kept
/// but ignored by `==`, hashing and ordering, as semver requires.
public struct SemanticVersion: Sendable, Hashable, Comparable, Codable, LosslessStringConvertible {
  /// The major version: incompatible changes.
  public let major: Int
  /// The minor version: compatible additions.
  public let minor: Int
  /// The patch version: compatible fixes.
  public let patch: Int
  /// Pre-release identifiers (`["beta", "2"]` for `-beta.2`); a pre-release sorts before its release.
  public let prerelease: [String]
  /// Build metadata identifiers (`+exp.sha.5114f85`); ignored when comparing.
  public let build: [String]

  /// Creates a version.
  ///
  /// - Parameters:
  ///   - major: The major version.
  ///   - minor: The minor version.
  ///   - patch: The patch version.
  ///   - prerelease: Pre-release identifiers.
  ///   - build: Build metadata identifiers.
  public init(_ major: Int, _ minor: Int, _ patch: Int, prerelease: [String] = [], build: [String] = []) {
    self.major = major
    self.minor = minor
    self.patch = patch
    self.prerelease = prerelease
    self.build = build
  }

  /// Parses `1.2.3`, `v1.2.3`, `1.2`, `1.0.0-beta.2+build.7`.
  ///
  /// - Parameter description: The version text.
  /// - Returns: `nil` when the text is not a version: empty or non-numeric
  ///   components, negative or overlong numbers, or invalid identifiers.
  public init?(_ description: String) {
    var text = Substring(description)
    if text.first == "v" || text.first == "V" { text = text.dropFirst() }
    var build: [String] = []
    if let plus = text.firstIndex(of: "+") {
      guard let identifiers = Self.identifiers(text[text.index(after: plus)...]) else { return nil }
      build = identifiers
      text = text[..<plus]
    }
    var prerelease: [String] = []
    if let dash = text.firstIndex(of: "-") {
      guard let identifiers = Self.identifiers(text[text.index(after: dash)...]) else { return nil }
      prerelease = identifiers
      text = text[..<dash]
    }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.count <= 9, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(part)
      else { return nil }
      numbers.append(number)
    }
    while numbers.count < 3 { numbers.append(0) }
    self.init(numbers[0], numbers[1], numbers[2], prerelease: prerelease, build: build)
  }

  private static func identifiers(_ text: Substring) -> [String]? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    for part in parts {
      let valid = part.utf8.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
          || byte == 0x2D
      }
      guard !part.isEmpty, valid else { return nil }
    }
    return parts.map(String.init)
  }

  /// `1.2.3-beta.2+build.7`.
  public var description: String {
    var text = "\(major).\(minor).\(patch)"
    if !prerelease.isEmpty { text += "-" + prerelease.joined(separator: ".") }
    if !build.isEmpty { text += "+" + build.joined(separator: ".") }
    return text
  }

  /// Versions are equal when they have the same precedence; build metadata is ignored.
  public static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
    lhs.major == rhs.major && lhs.minor == rhs.minor && lhs.patch == rhs.patch && lhs.prerelease == rhs.prerelease
  }

  /// Hashes everything but build metadata.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(major)
    hasher.combine(minor)
    hasher.combine(patch)
    hasher.combine(prerelease)
  }

  /// Semver 2.0 precedence: numbers first; a pre-release sorts before its
  /// release; pre-release identifiers compare numerically when both are
  /// numbers, numbers before words, words by ASCII order, fewer before more.
  public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
    if lhs.major != rhs.major { return lhs.major < rhs.major }
    if lhs.minor != rhs.minor { return lhs.minor < rhs.minor }
    if lhs.patch != rhs.patch { return lhs.patch < rhs.patch }
    switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
    case (true, true), (true, false): return false
    case (false, true): return true
    case (false, false): break
    }
    for (left, right) in zip(lhs.prerelease, rhs.prerelease) where left != right {
      switch (Int(left), Int(right)) {
      case (let a?, let b?): return a < b
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return left.utf8.lexicographicallyPrecedes(right.utf8)
      }
    }
    return lhs.prerelease.count < rhs.prerelease.count
  }

  /// Decodes a version string such as `"0.1.0"`.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.dataCorrupted` when the string is not a version.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let version = SemanticVersion(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\"\(text)\" is not a semantic version such as \"0.1.0\"")
    }
    self = version
  }

  /// Encodes the version string.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

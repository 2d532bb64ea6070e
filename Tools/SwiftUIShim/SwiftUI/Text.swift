import Foundation

/// `struct LocalizedStringKey : Equatable, ExpressibleByStringInterpolation`.
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
  /// `init(_ value: String)`.
  public init(_ value: String) {}
  /// `init(stringLiteral value: String)`.
  public init(stringLiteral value: String) {}
  /// `init(stringInterpolation: LocalizedStringKey.StringInterpolation)`.
  public init(stringInterpolation: StringInterpolation) {}

  /// `struct StringInterpolation : StringInterpolationProtocol`.
  public struct StringInterpolation: StringInterpolationProtocol {
    /// `init(literalCapacity: Int, interpolationCount: Int)`.
    public init(literalCapacity: Int, interpolationCount: Int) {}
    /// `mutating func appendLiteral(_ literal: String)`.
    public mutating func appendLiteral(_ literal: String) {}
    /// `mutating func appendInterpolation(_ string: String)`.
    public mutating func appendInterpolation(_ string: String) {}
    /// `mutating func appendInterpolation<T>(_ value: T) where T : _FormatSpecifiable`.
    public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) {}
    /// `mutating func appendInterpolation(_ text: Text)`.
    public mutating func appendInterpolation(_ text: Text) {}
  }
}

/// `protocol _FormatSpecifiable : Equatable`.
public protocol _FormatSpecifiable: Equatable {
  /// `associatedtype _Arg : CVarArg`.
  associatedtype _Arg: CVarArg
  /// `var _arg: Self._Arg { get }`.
  var _arg: _Arg { get }
  /// `var _specifier: String { get }`.
  var _specifier: String { get }
}

extension Int: _FormatSpecifiable {
  public var _arg: Int { self }
  public var _specifier: String { "%lld" }
}

extension Double: _FormatSpecifiable {
  public var _arg: Double { self }
  public var _specifier: String { "%lf" }
}

/// `struct Text : Equatable, Sendable`.
public struct Text: Equatable, Sendable {
  /// `init(verbatim content: String)`.
  nonisolated public init(verbatim content: String) {}
  /// `init<S>(_ content: S) where S : StringProtocol` (disfavored: literals become keys).
  @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ content: S) {}
  /// `init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil)`.
  nonisolated public init(
    _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil
  ) {}

  /// `func font(_ font: Font?) -> Text`.
  nonisolated public func font(_ font: Font?) -> Text { self }
  /// `func fontWeight(_ weight: Font.Weight?) -> Text`.
  nonisolated public func fontWeight(_ weight: Font.Weight?) -> Text { self }
  /// `func monospacedDigit() -> Text` (iOS 15.0).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func monospacedDigit() -> Text { self }

  public static func == (lhs: Text, rhs: Text) -> Bool { true }
}

extension Text: View {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct Font : Hashable, Sendable`.
public struct Font: Hashable, Sendable {
  /// `static let body: Font`.
  public static let body = Font()
  /// `static let callout: Font`.
  public static let callout = Font()
  /// `static let caption: Font`.
  public static let caption = Font()
  /// `static let footnote: Font`.
  public static let footnote = Font()
  /// `static let headline: Font`.
  public static let headline = Font()
  /// `static let subheadline: Font`.
  public static let subheadline = Font()
  /// `static let title2: Font`.
  public static let title2 = Font()

  /// `func monospacedDigit() -> Font`.
  public func monospacedDigit() -> Font { self }
  /// `func weight(_ weight: Font.Weight) -> Font`.
  public func weight(_ weight: Weight) -> Font { self }

  /// `struct Weight : Hashable, Sendable`.
  public struct Weight: Hashable, Sendable {
    /// `static let regular: Font.Weight`.
    public static let regular = Weight()
    /// `static let semibold: Font.Weight`.
    public static let semibold = Weight()
    /// `static let bold: Font.Weight`.
    public static let bold = Weight()
  }
}

/// `struct Image : Equatable, Sendable`.
public struct Image: Equatable, Sendable {
  /// `init(systemName: String)`.
  nonisolated public init(systemName: String) {}
  /// `func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image`
  /// (the insets and the mode are left out).
  nonisolated public func resizable() -> Image { self }
}

extension Image: View {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct Label<Title, Icon> where Title : View, Icon : View`.
public struct Label<Title: View, Icon: View>: View {
  /// `init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon)`.
  nonisolated public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

extension Label where Title == Text, Icon == Image {
  /// `init(_ titleKey: LocalizedStringKey, systemImage name: String)`.
  nonisolated public init(_ titleKey: LocalizedStringKey, systemImage name: String) {}
  /// `init<S>(_ title: S, systemImage name: String) where S : StringProtocol`.
  @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ title: S, systemImage name: String) {}
}

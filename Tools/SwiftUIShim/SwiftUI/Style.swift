/// `protocol ShapeStyle : Sendable`.
public protocol ShapeStyle: Sendable {}

/// `struct Color : Hashable, ShapeStyle, View`.
public struct Color: Hashable, ShapeStyle, View {
  /// `static let red: Color`.
  public static let red = Color()
  /// `static let orange: Color`.
  public static let orange = Color()
  /// `static let secondary: Color`.
  public static let secondary = Color()
  /// `static let white: Color`.
  public static let white = Color()
  /// `static let clear: Color`.
  public static let clear = Color()
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
  nonisolated init() {}
}

extension ShapeStyle where Self == Color {
  /// `static var red: Color { get }` (iOS 15.0).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  public static var red: Color { Color() }
  /// `static var orange: Color { get }` (iOS 15.0).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  public static var orange: Color { Color() }
}

/// `struct HierarchicalShapeStyle : ShapeStyle` (iOS 15.0).
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct HierarchicalShapeStyle: ShapeStyle {
  /// `static let primary: HierarchicalShapeStyle`.
  public static let primary = HierarchicalShapeStyle()
  /// `static let secondary: HierarchicalShapeStyle`.
  public static let secondary = HierarchicalShapeStyle()
  /// `static let quaternary: HierarchicalShapeStyle`.
  public static let quaternary = HierarchicalShapeStyle()
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension ShapeStyle where Self == HierarchicalShapeStyle {
  /// `static var primary: HierarchicalShapeStyle { get }`.
  public static var primary: HierarchicalShapeStyle { .primary }
  /// `static var secondary: HierarchicalShapeStyle { get }`.
  public static var secondary: HierarchicalShapeStyle { .secondary }
  /// `static var quaternary: HierarchicalShapeStyle { get }`.
  public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

/// `struct TintShapeStyle : ShapeStyle` (iOS 15.0).
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct TintShapeStyle: ShapeStyle {
  /// `init()`.
  public init() {}
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension ShapeStyle where Self == TintShapeStyle {
  /// `static var tint: TintShapeStyle { get }`.
  public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// `struct AnyShapeStyle : ShapeStyle` (iOS 15.0).
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct AnyShapeStyle: ShapeStyle {
  /// `init<S>(_ style: S) where S : ShapeStyle`.
  public init<S: ShapeStyle>(_ style: S) {}
}

/// `enum TextAlignment : Hashable, CaseIterable`.
public enum TextAlignment: Hashable, CaseIterable, Sendable {
  case leading
  case center
  case trailing
}

/// `struct HorizontalAlignment : Equatable`.
public struct HorizontalAlignment: Equatable, Sendable {
  /// `static let leading: HorizontalAlignment`.
  public static let leading = HorizontalAlignment()
  /// `static let center: HorizontalAlignment`.
  public static let center = HorizontalAlignment()
  /// `static let trailing: HorizontalAlignment`.
  public static let trailing = HorizontalAlignment()
}

/// `struct VerticalAlignment : Equatable`.
public struct VerticalAlignment: Equatable, Sendable {
  /// `static let top: VerticalAlignment`.
  public static let top = VerticalAlignment()
  /// `static let center: VerticalAlignment`.
  public static let center = VerticalAlignment()
  /// `static let firstTextBaseline: VerticalAlignment`.
  public static let firstTextBaseline = VerticalAlignment()
}

/// `struct Alignment : Equatable`.
public struct Alignment: Equatable, Sendable {
  /// `static let center: Alignment`.
  public static let center = Alignment()
  /// `static let top: Alignment`.
  public static let top = Alignment()
  /// `static let leading: Alignment`.
  public static let leading = Alignment()
  /// `static let trailing: Alignment`.
  public static let trailing = Alignment()
  /// `static let bottom: Alignment`.
  public static let bottom = Alignment()
  /// `static let bottomTrailing: Alignment`.
  public static let bottomTrailing = Alignment()
}

/// `enum Edge`.
public enum Edge: Int8, CaseIterable, Sendable {
  case top
  case leading
  case bottom
  case trailing

  /// `struct Set : OptionSet`.
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// `static let top: Edge.Set`.
    public static let top = Set(rawValue: 1)
    /// `static let bottom: Edge.Set`.
    public static let bottom = Set(rawValue: 4)
    /// `static let all: Edge.Set`.
    public static let all = Set(rawValue: 15)
    /// `static let horizontal: Edge.Set`.
    public static let horizontal = Set(rawValue: 10)
    /// `static let vertical: Edge.Set`.
    public static let vertical = Set(rawValue: 5)
  }
}

/// `struct AccessibilityChildBehavior : Hashable` (iOS 14.0).
public struct AccessibilityChildBehavior: Hashable, Sendable {
  /// `static let ignore: AccessibilityChildBehavior`.
  public static let ignore = AccessibilityChildBehavior()
  /// `static let contain: AccessibilityChildBehavior`.
  public static let contain = AccessibilityChildBehavior()
  /// `static let combine: AccessibilityChildBehavior`.
  public static let combine = AccessibilityChildBehavior()
}

/// `protocol ProgressViewStyle`.
public protocol ProgressViewStyle {}

/// `struct LinearProgressViewStyle : ProgressViewStyle`.
public struct LinearProgressViewStyle: ProgressViewStyle {
  /// `init()`.
  public init() {}
}

extension ProgressViewStyle where Self == LinearProgressViewStyle {
  /// `static var linear: LinearProgressViewStyle { get }`.
  public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}

/// `protocol LabelStyle`.
public protocol LabelStyle {}

/// `struct IconOnlyLabelStyle : LabelStyle`.
public struct IconOnlyLabelStyle: LabelStyle {
  /// `init()`.
  public init() {}
}

extension LabelStyle where Self == IconOnlyLabelStyle {
  /// `static var iconOnly: IconOnlyLabelStyle { get }`.
  public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

/// `protocol PrimitiveButtonStyle`.
public protocol PrimitiveButtonStyle {}

/// `struct BorderedButtonStyle : PrimitiveButtonStyle` (iOS 15.0, tvOS 13.0).
@available(iOS 15.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
public struct BorderedButtonStyle: PrimitiveButtonStyle {
  /// `init()`.
  public init() {}
}

@available(iOS 15.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
  /// `static var bordered: BorderedButtonStyle { get }`.
  public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

/// `struct BorderlessButtonStyle : PrimitiveButtonStyle` (tvOS 17.0).
@available(iOS 13.0, macOS 10.15, tvOS 17.0, watchOS 8.0, *)
public struct BorderlessButtonStyle: PrimitiveButtonStyle {
  /// `init()`.
  public init() {}
}

@available(iOS 13.0, macOS 10.15, tvOS 17.0, watchOS 8.0, *)
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
  /// `static var borderless: BorderlessButtonStyle { get }`.
  public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

/// `struct BorderedProminentButtonStyle : PrimitiveButtonStyle` (iOS 15.0).
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
  /// `init()`.
  public init() {}
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
  /// `static var borderedProminent: BorderedProminentButtonStyle { get }`.
  public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

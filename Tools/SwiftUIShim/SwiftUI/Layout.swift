import Foundation

/// `struct VStack<Content> where Content : View`.
public struct VStack<Content: View>: View {
  /// `init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)`.
  nonisolated public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
  ) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct HStack<Content> where Content : View`.
public struct HStack<Content: View>: View {
  /// `init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)`.
  nonisolated public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
  ) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct Spacer`.
public struct Spacer: View {
  /// `init(minLength: CGFloat? = nil)`.
  nonisolated public init(minLength: CGFloat? = nil) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct List<SelectionValue, Content> where SelectionValue : Hashable, Content : View`.
public struct List<SelectionValue: Hashable, Content: View>: View {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

extension List where SelectionValue == Never {
  /// `init(@ViewBuilder content: () -> Content)`.
  nonisolated public init(@ViewBuilder content: () -> Content) {}
  /// `init<Data, RowContent>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data : RandomAccessCollection, RowContent : View, Data.Element : Identifiable`.
  nonisolated public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {}
}

/// `struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID : Hashable`.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {}

extension ForEach: View where Content: View {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
  /// `init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)`.
  nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

extension ForEach where Content: View {
  /// `init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)`.
  nonisolated public init(
    _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {}
}

/// `struct Section<Parent, Content, Footer>`.
public struct Section<Parent, Content, Footer> {}

extension Section: View where Parent: View, Content: View, Footer: View {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
  /// `init(@ViewBuilder content: () -> Content)`.
  nonisolated public init(@ViewBuilder content: () -> Content) {}
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
  /// `init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content)` (iOS 15.0).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
  /// `@_disfavoredOverload init<S>(_ title: S, @ViewBuilder content: () -> Content) where S : StringProtocol` (iOS 15.0).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

/// `struct NavigationPath`.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct NavigationPath {}

/// `struct NavigationStack<Data, Root> where Root : View` (iOS 16.0).
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct NavigationStack<Data, Root: View>: View {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension NavigationStack where Data == NavigationPath {
  /// `init(@ViewBuilder root: () -> Root)`.
  nonisolated public init(@ViewBuilder root: () -> Root) {}
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension NavigationStack
where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {
  /// `init(path: Binding<Data>, @ViewBuilder root: () -> Root)`.
  nonisolated public init(path: Binding<Data>, @ViewBuilder root: () -> Root) {}
}

/// `struct LazyVStack<Content> where Content : View` (iOS 14.0).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct LazyVStack<Content: View>: View {
  /// `init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content)`.
  nonisolated public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
  ) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct PinnedScrollableViews : OptionSet` (iOS 14.0).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct PinnedScrollableViews: OptionSet, Sendable {
  public let rawValue: UInt32
  /// `init(rawValue: UInt32)`.
  public init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// `enum Axis`.
public enum Axis: Int8, CaseIterable, Sendable {
  case horizontal
  case vertical

  /// `struct Set : OptionSet`.
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    /// `static let horizontal: Axis.Set`.
    public static let horizontal = Set(rawValue: 1)
    /// `static let vertical: Axis.Set`.
    public static let vertical = Set(rawValue: 2)
  }
}

/// `struct ScrollView<Content> where Content : View`.
public struct ScrollView<Content: View>: View {
  /// `init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content)`.
  nonisolated public init(
    _ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content
  ) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct UnitPoint : Hashable`.
public struct UnitPoint: Hashable, Sendable {
  /// `init(x: CGFloat, y: CGFloat)`.
  public init(x: CGFloat, y: CGFloat) {}
  /// `static let top: UnitPoint`.
  public static let top = UnitPoint(x: 0.5, y: 0)
  /// `static let bottom: UnitPoint`.
  public static let bottom = UnitPoint(x: 0.5, y: 1)
}

/// `struct ScrollViewProxy` (iOS 14.0); not `Sendable`.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct ScrollViewProxy {
  /// `func scrollTo<ID>(_ id: ID, anchor: UnitPoint? = nil) where ID : Hashable`.
  public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {}
}

/// `@frozen struct ScrollViewReader<Content> where Content : View` (iOS 14.0).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct ScrollViewReader<Content: View>: View {
  /// `init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content)`.
  nonisolated public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `@frozen struct Grid<Content> where Content : View` (iOS 16.0).
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct Grid<Content: View>: View {
  /// `init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil, @ViewBuilder content: () -> Content)`.
  nonisolated public init(
    alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `@frozen struct GridRow<Content> where Content : View` (iOS 16.0).
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct GridRow<Content: View>: View {
  /// `init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content)`.
  nonisolated public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct Divider`.
public struct Divider: View {
  /// `init()`.
  nonisolated public init() {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct NavigationLink<Label, Destination> where Label : View, Destination : View`.
public struct NavigationLink<Label: View, Destination: View>: View {
  /// `init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label)`.
  nonisolated public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct TabView<SelectionValue, Content> where SelectionValue : Hashable, Content : View`.
public struct TabView<SelectionValue: Hashable, Content: View>: View {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

extension TabView {
  /// `init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content)`.
  nonisolated public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}
}

extension TabView where SelectionValue == Int {
  /// `init(@ViewBuilder content: () -> Content)`.
  nonisolated public init(@ViewBuilder content: () -> Content) {}
}

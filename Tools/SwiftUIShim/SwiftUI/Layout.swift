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

// Interface shim of Apple's SwiftUI for type-checking on Linux.
// Declarations copy the signatures Apple publishes (developer.apple.com),
// with the concurrency annotations of the Xcode 16 SDK where later SDKs
// relaxed them. Bodies never run.
import Foundation

/// `@MainActor @preconcurrency protocol View`.
@MainActor @preconcurrency public protocol View {
  /// `associatedtype Body : View`.
  associatedtype Body: View
  /// `@ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

extension Optional: View where Wrapped: View {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct EmptyView`.
public struct EmptyView: View {
  /// `init()`.
  nonisolated public init() {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct TupleView<T>`.
public struct TupleView<T>: View {
  /// `init(_ value: T)`.
  nonisolated public init(_ value: T) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct _ConditionalContent<TrueContent, FalseContent>`.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
  nonisolated init() {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct AnyView`.
public struct AnyView: View {
  /// `init<V>(_ view: V) where V : View`.
  nonisolated public init<V: View>(_ view: V) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `@resultBuilder struct ViewBuilder`.
@resultBuilder public struct ViewBuilder {
  /// `static func buildExpression<Content>(_ content: Content) -> Content where Content : View`.
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  /// `static func buildBlock() -> EmptyView`.
  public static func buildBlock() -> EmptyView { EmptyView() }
  /// `static func buildBlock<Content>(_ content: Content) -> Content where Content : View`.
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  /// `static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)> where repeat each Content : View`.
  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
  {
    TupleView((repeat each content))
  }
  /// `static func buildIf<Content>(_ content: Content?) -> Content? where Content : View`.
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  /// `static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>`.
  public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  { _ConditionalContent() }
  /// `static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>`.
  public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  { _ConditionalContent() }
  /// `static func buildLimitedAvailability<Content>(_ content: Content) -> AnyView where Content : View`.
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// `@MainActor @preconcurrency protocol ViewModifier`.
@MainActor @preconcurrency public protocol ViewModifier {
  /// `associatedtype Body : View`.
  associatedtype Body: View
  /// `typealias Content = _ViewModifier_Content<Self>`.
  typealias Content = _ViewModifier_Content<Self>
  /// `@ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body`.
  @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// `struct _ViewModifier_Content<Modifier> where Modifier : ViewModifier`.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct ModifiedContent<Content, Modifier>`.
public struct ModifiedContent<Content, Modifier> {
  /// `init(content: Content, modifier: Modifier)`.
  nonisolated public init(content: Content, modifier: Modifier) {}
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

extension View {
  /// `nonisolated func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T>`.
  nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
    ModifiedContent(content: self, modifier: modifier)
  }
}

/// `protocol DynamicProperty`.
public protocol DynamicProperty {}

/// `struct Group<Content>`.
public struct Group<Content: View>: View {
  /// `init(@ViewBuilder content: () -> Content)`.
  nonisolated public init(@ViewBuilder content: () -> Content) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

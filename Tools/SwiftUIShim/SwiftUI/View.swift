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
  /// `static func buildBlock<C0, C1>(…) -> TupleView<(C0, C1)>` (the iOS 17 / macOS 14 SDK declares 2 to 10 children).
  public static func buildBlock<C0, C1>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)>
  where C0: View, C1: View {
    TupleView((c0, c1))
  }
  /// `static func buildBlock<C0, C1, C2>(…) -> TupleView<(C0, C1, C2)>` (the iOS 17 / macOS 14 SDK declares 2 to 10 children).
  public static func buildBlock<C0, C1, C2>(_ c0: C0, _ c1: C1, _ c2: C2) -> TupleView<(C0, C1, C2)>
  where C0: View, C1: View, C2: View {
    TupleView((c0, c1, c2))
  }
  /// `static func buildBlock<C0, C1, C2, C3>(…) -> TupleView<(C0, C1, C2, C3)>` (the iOS 17 / macOS 14 SDK declares 2 to 10 children).
  public static func buildBlock<C0, C1, C2, C3>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3) -> TupleView<(C0, C1, C2, C3)>
  where C0: View, C1: View, C2: View, C3: View {
    TupleView((c0, c1, c2, c3))
  }
  /// `static func buildBlock<C0, C1, C2, C3, C4>(…) -> TupleView<(C0, C1, C2, C3, C4)>` (the iOS 17 / macOS 14 SDK declares 2 to 10 children).
  public static func buildBlock<C0, C1, C2, C3, C4>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4) -> TupleView<
    (C0, C1, C2, C3, C4)
  >
  where C0: View, C1: View, C2: View, C3: View, C4: View {
    TupleView((c0, c1, c2, c3, c4))
  }
  /// `static func buildBlock<C0, C1, C2, C3, C4, C5>(…) -> TupleView<(C0, C1, C2, C3, C4, C5)>` (the iOS 17 / macOS 14 SDK declares 2 to 10 children).
  public static func buildBlock<C0, C1, C2, C3, C4, C5>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5)
    -> TupleView<(C0, C1, C2, C3, C4, C5)>
  where C0: View, C1: View, C2: View, C3: View, C4: View, C5: View {
    TupleView((c0, c1, c2, c3, c4, c5))
  }
  /// `static func buildBlock<C0, C1, C2, C3, C4, C5, C6>(…) -> TupleView<(C0, C1, C2, C3, C4, C5, C6)>` (the iOS 17 / macOS 14 SDK declares 2 to 10 children).
  public static func buildBlock<C0, C1, C2, C3, C4, C5, C6>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6
  ) -> TupleView<(C0, C1, C2, C3, C4, C5, C6)>
  where C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View {
    TupleView((c0, c1, c2, c3, c4, c5, c6))
  }
  /// `static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7>(…) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7)>` (the iOS 17 / macOS 14 SDK declares 2 to 10 children).
  public static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7
  ) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7)>
  where C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View {
    TupleView((c0, c1, c2, c3, c4, c5, c6, c7))
  }
  /// `static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7, C8>(…) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7, C8)>` (the iOS 17 / macOS 14 SDK declares 2 to 10 children).
  public static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7, C8>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8
  ) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7, C8)>
  where C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View {
    TupleView((c0, c1, c2, c3, c4, c5, c6, c7, c8))
  }
  /// `static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7, C8, C9>(…) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7, C8, C9)>` (the iOS 17 / macOS 14 SDK declares 2 to 10 children).
  public static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7, C8, C9>(
    _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8, _ c9: C9
  ) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7, C8, C9)>
  where C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View, C9: View {
    TupleView((c0, c1, c2, c3, c4, c5, c6, c7, c8, c9))
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

import CoreTransferable
import Foundation

/// `struct ButtonRole : Equatable, Sendable` (iOS 15.0).
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct ButtonRole: Equatable, Sendable {
  /// `static let destructive: ButtonRole`.
  public static let destructive = ButtonRole()
  /// `static let cancel: ButtonRole`.
  public static let cancel = ButtonRole()
}

/// `struct Button<Label> where Label : View`.
public struct Button<Label: View>: View {
  /// `@preconcurrency init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label)`.
  @preconcurrency nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
  /// `@preconcurrency init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label)` (iOS 15.0).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  @preconcurrency nonisolated public init(
    role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

extension Button where Label == Text {
  /// `@preconcurrency init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void)`.
  @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
  /// `@preconcurrency init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S : StringProtocol`.
  @_disfavoredOverload @preconcurrency nonisolated public init<S: StringProtocol>(
    _ title: S, action: @escaping @MainActor () -> Void
  ) {}
}

extension Button where Label == SwiftUI.Label<Text, Image> {
  /// `init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void)` (iOS 14.0).
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public init(
    _ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void
  ) {}
  /// `@_disfavoredOverload init<S>(_ title: S, systemImage: String, action: @escaping @MainActor () -> Void) where S : StringProtocol` (iOS 14.0).
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  @_disfavoredOverload nonisolated public init<S: StringProtocol>(
    _ title: S, systemImage: String, action: @escaping @MainActor () -> Void
  ) {}
}

/// `struct ProgressView<Label, CurrentValueLabel> where Label : View, CurrentValueLabel : View` (iOS 14.0).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension ProgressView where CurrentValueLabel == EmptyView {
  /// `init() where Label == EmptyView`.
  nonisolated public init() where Label == EmptyView {}
  /// `init(@ViewBuilder label: () -> Label)`.
  nonisolated public init(@ViewBuilder label: () -> Label) {}
  /// `init(_ titleKey: LocalizedStringKey) where Label == Text`.
  nonisolated public init(_ titleKey: LocalizedStringKey) where Label == Text {}
  /// `init<S>(_ title: S) where Label == Text, S : StringProtocol`.
  @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ title: S) where Label == Text {}
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension ProgressView {
  /// `init<V>(value: V?, total: V = 1.0) where Label == EmptyView, CurrentValueLabel == EmptyView, V : BinaryFloatingPoint`.
  nonisolated public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0)
  where Label == EmptyView, CurrentValueLabel == EmptyView {}
  /// `init<V>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) where CurrentValueLabel == EmptyView, V : BinaryFloatingPoint`.
  nonisolated public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label)
  where CurrentValueLabel == EmptyView {}
}

/// `struct ContentUnavailableView<Label, Description, Actions>` (iOS 17.0).
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
  /// `init(@ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() }, @ViewBuilder actions: () -> Actions = { EmptyView() })`.
  nonisolated public init(
    @ViewBuilder label: () -> Label,
    @ViewBuilder description: () -> Description = { EmptyView() },
    @ViewBuilder actions: () -> Actions = { EmptyView() }
  ) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
  /// `init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil)`.
  nonisolated public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) {}
}

/// `struct Picker<Label, SelectionValue, Content> where Label : View, SelectionValue : Hashable, Content : View`.
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

extension Picker where Label == Text {
  /// `init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content)`.
  nonisolated public init(
    _ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
  ) {}
  /// `@_disfavoredOverload init<S>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) where S : StringProtocol`.
  @_disfavoredOverload nonisolated public init<S: StringProtocol>(
    _ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
  ) {}
}

/// `struct TextField<Label> where Label : View`.
public struct TextField<Label: View>: View {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

extension TextField where Label == Text {
  /// `init(_ titleKey: LocalizedStringKey, text: Binding<String>)`.
  nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
  /// `@_disfavoredOverload init<S>(_ title: S, text: Binding<String>) where S : StringProtocol`.
  @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

/// `struct SecureField<Label> where Label : View`.
public struct SecureField<Label: View>: View {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

extension SecureField where Label == Text {
  /// `init(_ titleKey: LocalizedStringKey, text: Binding<String>)`.
  nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
}

/// `struct SharePreview<Image, Icon> where Image : Transferable, Icon : Transferable` (iOS 16.0).
@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
@available(tvOS, unavailable)
public struct SharePreview<Image: Transferable, Icon: Transferable> {}

@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
@available(tvOS, unavailable)
extension SharePreview where Image == Never, Icon == Never {
  /// `init(_ titleKey: LocalizedStringKey)`.
  public init(_ titleKey: LocalizedStringKey) {}
  /// `@_disfavoredOverload init<S>(_ title: S) where S : StringProtocol`.
  @_disfavoredOverload public init<S: StringProtocol>(_ title: S) {}
}

/// `struct ShareLink<Data, PreviewImage, PreviewIcon, Label>` (iOS 16.0; unavailable on tvOS).
@available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
@available(tvOS, unavailable)
public struct ShareLink<
  Data: RandomAccessCollection, PreviewImage: Transferable, PreviewIcon: Transferable, Label: View
>:
  View
where Data.Element: Transferable {
  /// `init<I>(item: I, subject: Text? = nil, message: Text? = nil, preview: SharePreview<PreviewImage, PreviewIcon>, @ViewBuilder label: () -> Label) where Data == CollectionOfOne<I>, I : Transferable`.
  nonisolated public init<I: Transferable>(
    item: I, subject: Text? = nil, message: Text? = nil, preview: SharePreview<PreviewImage, PreviewIcon>,
    @ViewBuilder label: () -> Label
  ) where Data == CollectionOfOne<I> {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct LabeledContent<Label, Content>` (iOS 16.0).
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct LabeledContent<Label, Content> {}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension LabeledContent: View where Label: View, Content: View {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension LabeledContent where Label == Text, Content: View {
  /// `init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content)`.
  nonisolated public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
  /// `@_disfavoredOverload init<S>(_ title: S, @ViewBuilder content: () -> Content) where S : StringProtocol`.
  @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

/// `struct SubmitLabel` (iOS 15.0).
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct SubmitLabel: Sendable {
  /// `static var send: SubmitLabel { get }`.
  public static var send: SubmitLabel { SubmitLabel() }
}

/// `struct SubmitTriggers : OptionSet` (iOS 15.0).
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct SubmitTriggers: OptionSet, Sendable {
  public let rawValue: Int
  /// `init(rawValue: Int)`.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// `static let text: SubmitTriggers`.
  public static let text = SubmitTriggers(rawValue: 1)
}

/// `struct TextEditor : View` (iOS 14.0; unavailable on tvOS and watchOS).
@available(iOS 14.0, macOS 11.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct TextEditor: View {
  /// `init(text: Binding<String>)`.
  nonisolated public init(text: Binding<String>) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `struct Toggle<Label> : View where Label : View`.
public struct Toggle<Label: View>: View {
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

extension Toggle where Label == Text {
  /// `init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>)`.
  nonisolated public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {}
}

import Foundation

extension View {
  /// `nonisolated func font(_ font: Font?) -> some View`.
  nonisolated public func font(_ font: Font?) -> some View { self }

  /// `nonisolated func foregroundStyle<S>(_ style: S) -> some View where S : ShapeStyle` (iOS 15.0).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { self }

  /// `nonisolated func multilineTextAlignment(_ alignment: TextAlignment) -> some View`.
  nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { self }

  /// `nonisolated func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View`.
  nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { self }

  /// `nonisolated func padding(_ length: CGFloat) -> some View`.
  nonisolated public func padding(_ length: CGFloat) -> some View { self }

  /// `nonisolated func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center) -> some View`.
  nonisolated public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
    idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
  ) -> some View { self }

  /// `nonisolated func disabled(_ disabled: Bool) -> some View`.
  nonisolated public func disabled(_ disabled: Bool) -> some View { self }

  /// `nonisolated func labelStyle<S>(_ style: S) -> some View where S : LabelStyle`.
  nonisolated public func labelStyle<S: LabelStyle>(_ style: S) -> some View { self }

  /// `nonisolated func buttonStyle<S>(_ style: S) -> some View where S : PrimitiveButtonStyle`.
  nonisolated public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { self }

  /// `nonisolated func progressViewStyle<S>(_ style: S) -> some View where S : ProgressViewStyle` (iOS 14.0).
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View { self }

  /// `nonisolated func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier>` (iOS 14.0).
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
    ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
  }

  /// `nonisolated func accessibilityHint(_ hint: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier>` (iOS 14.0).
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func accessibilityHint(_ hint: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> {
    ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
  }

  /// `nonisolated func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View` (iOS 14.0).
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { self }

  /// `nonisolated func task(priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View` (iOS 15.0).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func task(
    priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void
  ) -> some View { self }

  /// `nonisolated func task<T>(id value: T, priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View where T : Equatable` (iOS 15.0).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func task<T: Equatable>(
    id value: T, priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: @escaping @Sendable () async -> Void
  ) -> some View { self }

  /// `nonisolated func refreshable(action: @escaping @Sendable () async -> Void) -> some View` (iOS 15.0).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { self }

  /// `nonisolated func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View where V : Equatable` (iOS 17.0).
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  nonisolated public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) -> some View { self }

  /// `nonisolated func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View where V : Equatable` (iOS 17.0).
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  nonisolated public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping () -> Void
  ) -> some View { self }

  /// `nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View`.
  nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }

  /// `nonisolated func onDisappear(perform action: (() -> Void)? = nil) -> some View`.
  nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }

  /// `nonisolated func navigationTitle(_ titleKey: LocalizedStringKey) -> some View` (iOS 14.0).
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { self }

  /// `@_disfavoredOverload nonisolated func navigationTitle<S>(_ title: S) -> some View where S : StringProtocol` (iOS 14.0).
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  @_disfavoredOverload nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { self }

  /// `nonisolated func toolbar<Content>(@ViewBuilder content: () -> Content) -> some View where Content : View` (iOS 14.0).
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { self }

  /// `func onOpenURL(perform action: @escaping (URL) -> ()) -> some View` (iOS 14.0).
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { self }

  /// `nonisolated func navigationDestination<D, C>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View where D : Hashable, C : View` (iOS 16.0).
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
  nonisolated public func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View { self }

  /// `nonisolated func sheet<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content) -> some View where Item : Identifiable, Content : View`.
  nonisolated public func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View { self }

  /// `nonisolated func sheet<Content>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content) -> some View where Content : View`.
  nonisolated public func sheet<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
  ) -> some View { self }

  /// `nonisolated func tag<V>(_ tag: V) -> some View where V : Hashable`.
  nonisolated public func tag<V: Hashable>(_ tag: V) -> some View { self }

  /// `nonisolated func id<ID>(_ id: ID) -> some View where ID : Hashable`.
  nonisolated public func id<ID: Hashable>(_ id: ID) -> some View { self }

  /// `nonisolated func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View`.
  nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
    -> some View
  { self }

  /// `nonisolated func overlay<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View where V : View` (iOS 15.0).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
    -> some View
  { self }

  /// `nonisolated func background<S, T>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View where S : ShapeStyle, T : Shape` (iOS 15.0).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func background<S: ShapeStyle, T: Shape>(
    _ style: S, in shape: T, fillStyle: FillStyle = FillStyle()
  ) -> some View { self }

  /// `nonisolated func scaledToFit() -> some View`.
  nonisolated public func scaledToFit() -> some View { self }

  /// `nonisolated func clipShape<S>(_ shape: S, style: FillStyle = FillStyle()) -> some View where S : Shape`.
  nonisolated public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { self }

  /// `nonisolated func lineLimit(_ number: Int?) -> some View`.
  nonisolated public func lineLimit(_ number: Int?) -> some View { self }

  /// `nonisolated func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self, AccessibilityAttachmentModifier>` (iOS 14.0).
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self, AccessibilityAttachmentModifier>
  {
    ModifiedContent(content: self, modifier: AccessibilityAttachmentModifier())
  }

  /// `nonisolated func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View` (iOS 16.0).
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
  nonisolated public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View { self }

  /// `nonisolated func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View` (iOS 15.0).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
    self
  }

  /// `nonisolated func focused<Value>(_ binding: FocusState<Value>.Binding, equals value: Value) -> some View where Value : Hashable` (iOS 15.0).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value)
    -> some View
  {
    self
  }

  /// `nonisolated func submitLabel(_ submitLabel: SubmitLabel) -> some View` (iOS 15.0).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func submitLabel(_ submitLabel: SubmitLabel) -> some View { self }

  /// `nonisolated func tabItem<V>(@ViewBuilder _ label: () -> V) -> some View where V : View`.
  nonisolated public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { self }
}

/// `struct AccessibilityAttachmentModifier : ViewModifier` (iOS 13.0).
public struct AccessibilityAttachmentModifier: ViewModifier {
  public typealias Body = Never
  nonisolated init() {}
  public func body(content: Content) -> Never { fatalError("interface shim") }
}

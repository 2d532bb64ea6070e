import Foundation
import Observation

/// `@propertyWrapper struct State<Value>`.
@propertyWrapper public struct State<Value>: DynamicProperty {
  /// `init(wrappedValue value: Value)`.
  nonisolated public init(wrappedValue value: Value) {}
  /// `init(initialValue value: Value)`.
  nonisolated public init(initialValue value: Value) {}
  /// `var wrappedValue: Value { get nonmutating set }`.
  public var wrappedValue: Value {
    get { fatalError("interface shim") }
    nonmutating set {}
  }
  /// `var projectedValue: Binding<Value> { get }`.
  public var projectedValue: Binding<Value> { fatalError("interface shim") }
}

extension State where Value: ExpressibleByNilLiteral {
  /// `init()`.
  nonisolated public init() {}
}

/// `@propertyWrapper @dynamicMemberLookup struct Binding<Value>`.
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
  /// `init(get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void)`.
  public init(
    get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {}
  /// `var wrappedValue: Value { get nonmutating set }`.
  public var wrappedValue: Value {
    get { fatalError("interface shim") }
    nonmutating set {}
  }
  /// `var projectedValue: Binding<Value> { get }`.
  public var projectedValue: Binding<Value> { self }
  /// `subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { get }`.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
    fatalError("interface shim")
  }
}

/// `@propertyWrapper struct Environment<Value>`.
@propertyWrapper public struct Environment<Value>: DynamicProperty {
  /// `init(_ keyPath: KeyPath<EnvironmentValues, Value>)`.
  nonisolated public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
  /// `var wrappedValue: Value { get }`.
  public var wrappedValue: Value { fatalError("interface shim") }
}

extension Environment {
  /// `init(_ objectType: Value.Type) where Value : AnyObject, Value : Observable` (iOS 17.0).
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  nonisolated public init(_ objectType: Value.Type) where Value: AnyObject & Observable {}

  /// `init<T>(_ objectType: T.Type) where Value == T?, T : AnyObject, T : Observable` (iOS 17.0).
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  nonisolated public init<T>(_ objectType: T.Type) where Value == T?, T: AnyObject & Observable {}
}

extension View {
  /// `nonisolated func environment<T>(_ object: T?) -> some View where T : AnyObject, T : Observable` (iOS 17.0).
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  nonisolated public func environment<T: AnyObject & Observable>(_ object: T?) -> some View { self }
}

/// `struct EnvironmentValues : CustomStringConvertible`.
public struct EnvironmentValues {
  /// `init()`.
  public init() {}
  /// `var locale: Foundation.Locale { get set }`.
  public var locale: Foundation.Locale {
    get { fatalError("interface shim") }
    set {}
  }
}

/// `struct DismissAction` (iOS 15.0).
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct DismissAction {
  /// `func callAsFunction()`.
  public func callAsFunction() {}
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension EnvironmentValues {
  /// `var dismiss: DismissAction { get }`.
  public var dismiss: DismissAction { fatalError("interface shim") }
}

/// `@frozen @propertyWrapper struct FocusState<Value> where Value : Hashable` (iOS 15.0).
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@propertyWrapper public struct FocusState<Value: Hashable>: DynamicProperty {
  /// `@frozen @propertyWrapper struct Binding` (no public initializer).
  @propertyWrapper public struct Binding {
    private let shim: Never
    /// `var wrappedValue: Value { get nonmutating set }`.
    public var wrappedValue: Value {
      get { fatalError("interface shim") }
      nonmutating set {}
    }
    /// `var projectedValue: FocusState<Value>.Binding { get }`.
    public var projectedValue: FocusState<Value>.Binding { fatalError("interface shim") }
  }

  /// `var wrappedValue: Value { get nonmutating set }`.
  public var wrappedValue: Value {
    get { fatalError("interface shim") }
    nonmutating set {}
  }
  /// `var projectedValue: FocusState<Value>.Binding { get }`.
  public var projectedValue: FocusState<Value>.Binding { fatalError("interface shim") }
  /// `init() where Value == Bool`.
  public init() where Value == Bool {}
  /// `init<T>() where Value == T?, T : Hashable`.
  public init<T: Hashable>() where Value == T? {}
}

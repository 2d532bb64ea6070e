import Foundation

#if !canImport(Darwin)
  /// `class UndoManager : NSObject` (Foundation). swift-corelibs-foundation
  /// has no `UndoManager`; SwiftUI's `undoManager` environment value hands
  /// one out on Apple platforms, so the shim declares the members we call.
  open class UndoManager {
    /// `init()`.
    public init() {}

    /// `func registerUndo<TargetType>(withTarget target: TargetType, handler: @escaping (TargetType) -> Void) where TargetType : AnyObject`.
    public func registerUndo<TargetType: AnyObject>(
      withTarget target: TargetType, handler: @escaping (TargetType) -> Void
    ) {}

    /// `func setActionName(_ actionName: String)`.
    open func setActionName(_ actionName: String) {}

    /// `func removeAllActions(withTarget target: Any)`.
    open func removeAllActions(withTarget target: Any) {}
  }
#endif

extension EnvironmentValues {
  /// `var undoManager: Foundation.UndoManager? { get }`.
  public var undoManager: UndoManager? { fatalError("interface shim") }
}

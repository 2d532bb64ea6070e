// Interface shim of Apple's UniformTypeIdentifiers for type-checking on Linux.
// Declarations copy the signatures Apple publishes; bodies never run.

/// `struct UTType` (iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0).
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct UTType: Hashable, Sendable {
  /// `init?(_ identifier: String)`.
  public init?(_ identifier: String) { fatalError("interface shim") }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension UTType {
  /// `static var json: UTType { get }`.
  public static var json: UTType { fatalError("interface shim") }
}

// Interface shim of Apple's CoreTransferable for type-checking on Linux.
// Declarations copy the signatures Apple publishes; bodies never run.
import Foundation
import UniformTypeIdentifiers

/// `@preconcurrency protocol Transferable : Sendable` (iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0).
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
@preconcurrency public protocol Transferable: Sendable {
  /// `associatedtype Representation : TransferRepresentation`.
  associatedtype Representation: TransferRepresentation
  /// `@TransferRepresentationBuilder<Self> static var transferRepresentation: Self.Representation { get }`.
  @TransferRepresentationBuilder<Self> static var transferRepresentation: Self.Representation { get }
}

/// `protocol TransferRepresentation<Item> : Sendable`.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public protocol TransferRepresentation<Item>: Sendable {
  /// `associatedtype Item : Transferable`.
  associatedtype Item: Transferable
  /// `associatedtype Body : TransferRepresentation`.
  associatedtype Body: TransferRepresentation
  /// `@TransferRepresentationBuilder<Self.Item> var body: Self.Body { get }`.
  @TransferRepresentationBuilder<Self.Item> var body: Self.Body { get }
}

/// `@resultBuilder struct TransferRepresentationBuilder<Item> where Item : Transferable`.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
@resultBuilder public struct TransferRepresentationBuilder<Item: Transferable> {
  /// `static func buildExpression<Content>(_ content: Content) -> Content where Item == Content.Item, Content : TransferRepresentation`.
  public static func buildExpression<Content: TransferRepresentation>(_ content: Content) -> Content
  where Item == Content.Item { content }
  /// `static func buildBlock<Content>(_ content: Content) -> Content where Item == Content.Item, Content : TransferRepresentation`.
  public static func buildBlock<Content: TransferRepresentation>(_ content: Content) -> Content
  where Item == Content.Item { content }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension Never: Transferable {
  public static var transferRepresentation: Never { fatalError("interface shim") }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension Never: TransferRepresentation {
  public typealias Item = Never
  public var body: Never { return fatalError("interface shim") }
}

/// `struct DataRepresentation<Item> where Item : Transferable`.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct DataRepresentation<Item: Transferable>: TransferRepresentation {
  /// `init(exportedContentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data)`.
  public init(exportedContentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data) {
    fatalError("interface shim")
  }
  public var body: Never { return fatalError("interface shim") }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension TransferRepresentation {
  /// `func suggestedFileName(_ fileName: String) -> some TransferRepresentation<Self.Item>`.
  public func suggestedFileName(_ fileName: String) -> some TransferRepresentation<Self.Item> { self }
}

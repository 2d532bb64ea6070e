/// `@MainActor @preconcurrency protocol App`.
@MainActor @preconcurrency public protocol App {
  /// `associatedtype Body : Scene`.
  associatedtype Body: Scene
  /// `@SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
  /// `@MainActor @preconcurrency init()`.
  @MainActor @preconcurrency init()
}

extension App {
  /// `@MainActor @preconcurrency static func main()`.
  @MainActor @preconcurrency public static func main() { fatalError("interface shim") }
}

/// `@MainActor @preconcurrency protocol Scene`.
@MainActor @preconcurrency public protocol Scene {
  /// `associatedtype Body : Scene`.
  associatedtype Body: Scene
  /// `@SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

/// `@resultBuilder struct SceneBuilder`.
@resultBuilder public struct SceneBuilder {
  /// `static func buildBlock<Content>(_ content: Content) -> Content where Content : Scene`.
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// `struct WindowGroup<Content> where Content : View`.
public struct WindowGroup<Content: View>: Scene {
  /// `nonisolated init(@ViewBuilder content: () -> Content)`.
  nonisolated public init(@ViewBuilder content: () -> Content) {}
  public typealias Body = Never
  nonisolated public var body: Never { fatalError("interface shim") }
}

/// `@MainActor @preconcurrency protocol PreviewProvider`.
@MainActor @preconcurrency public protocol PreviewProvider {
  /// `associatedtype Previews : View`.
  associatedtype Previews: View
  /// `@ViewBuilder @MainActor @preconcurrency static var previews: Self.Previews { get }`.
  @ViewBuilder @MainActor @preconcurrency static var previews: Self.Previews { get }
}

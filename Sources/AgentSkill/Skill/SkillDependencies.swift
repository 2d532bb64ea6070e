/// A key for a value stored in ``SkillDependencies``.
///
/// ```swift
/// enum WeatherServiceKey: SkillDependencyKey {
///   static let defaultValue: any WeatherService = LiveWeatherService()
/// }
///
/// struct CityWeatherSkill: Skill {
///   func run(_ city: String, context: SkillContext) async throws -> String {
///     try await context.dependencies[WeatherServiceKey.self].forecast(for: city)
///   }
/// }
/// ```
///
/// A property in an extension of ``SkillDependencies`` whose getter and setter
/// go through `self[WeatherServiceKey.self]` lets skills write
/// `context.dependencies.weather` and tests assign a mock to it.
public protocol SkillDependencyKey {
  /// The type of the stored value.
  associatedtype Value: Sendable
  /// The value used when none was set.
  static var defaultValue: Value { get }
}

/// Typed dependency values a skill reads from its context, overridable in tests.
///
/// Skills read `context.dependencies.weather`; tests pass a
/// ``SkillEnvironment`` whose dependencies hold a mock:
///
/// ```swift
/// var environment = SkillEnvironment(clock: TestClock())
/// environment.dependencies.weather = MockWeather()
/// let runner = SkillRunner(CityWeatherSkill(), environment: environment)
/// ```
public struct SkillDependencies: Sendable {
  private var storage: [ObjectIdentifier: any Sendable] = [:]

  /// Creates an empty set of dependency values; every key reads its default.
  public init() {}

  /// The value for `key`, or its default when none was set.
  ///
  /// - Parameter key: The dependency's key type.
  public subscript<Key: SkillDependencyKey>(key: Key.Type) -> Key.Value {
    get { storage[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
    set { storage[ObjectIdentifier(key)] = newValue }
  }

  /// Whether a value was set for `key` (rather than falling back to its default).
  ///
  /// - Parameter key: The dependency's key type.
  /// - Returns: `true` when a value was stored for `key`.
  public func contains<Key: SkillDependencyKey>(_ key: Key.Type) -> Bool {
    storage[ObjectIdentifier(key)] != nil
  }
}

/// A key for a value stored in ``SkillDependencies``: the live service, and
/// the stand-in tests get.
///
/// ```swift
/// enum WeatherServiceKey: SkillDependencyKey {
///   static let liveValue: any WeatherService = LiveWeatherService()
///   static let testValue: any WeatherService = MockWeatherService()
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
///
/// A key without a `testValue` has none: a test that reads it without setting
/// a value fails, naming the key (``SkillDependencies/testing(reportingMissing:)``),
/// rather than calling the live service unnoticed.
public protocol SkillDependencyKey {
  /// The type of the stored value.
  associatedtype Value: Sendable
  /// The value the app uses when none was set: the live service.
  static var liveValue: Value { get }
  /// The value tests use when none was set. Without one, reading the key in
  /// a test is reported as a failure naming the key, and the live value is
  /// returned.
  static var testValue: Value { get }
}

extension SkillDependencyKey {
  /// Reports that the key has no test value, then returns the live value.
  public static var testValue: Value {
    SkillDependencies.missingTestValue?(String(reflecting: Self.self))
    return liveValue
  }
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
///
/// Set a value once where the app starts: agents pass their environment on
/// to the skills they run and to the child agents they create
/// (``Agent/children(of:make:)``), and a subtree overrides a value by
/// changing the environment it hands down.
public struct SkillDependencies: Sendable {
  private var storage: [ObjectIdentifier: any Sendable] = [:]
  /// Set when the values are read as in a test: called with a key that has no test value.
  private var reportMissing: (@Sendable (String) -> Void)?

  /// Creates an empty set of dependency values; every key reads its live value.
  public init() {}

  /// The value for `key`: the one set, else the key's live value — or, in a
  /// test (``testing(reportingMissing:)``), its test value.
  ///
  /// - Parameter key: The dependency's key type.
  public subscript<Key: SkillDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = storage[ObjectIdentifier(key)] as? Key.Value { return value }
      guard let reportMissing else { return Key.liveValue }
      return Self.$missingTestValue.withValue(reportMissing) { Key.testValue }
    }
    set { storage[ObjectIdentifier(key)] = newValue }
  }

  /// Whether a value was set for `key` (rather than falling back to its live or test value).
  ///
  /// - Parameter key: The dependency's key type.
  /// - Returns: `true` when a value was stored for `key`.
  public func contains<Key: SkillDependencyKey>(_ key: Key.Type) -> Bool {
    storage[ObjectIdentifier(key)] != nil
  }

  /// Whether keys without a set value read their test value.
  package var isTesting: Bool { reportMissing != nil }

  /// These values, read as in a test: a key without a set value reads its
  /// ``SkillDependencyKey/testValue``, and a key that has none is passed to
  /// `report` by name (then reads its live value).
  ///
  /// `AgentTestStore` does this for the agents it creates and fails the test
  /// with the key's name; `AgentSkillTesting`'s `SkillDependencies.test`
  /// records a test issue, for agents your own code creates.
  ///
  /// ```swift
  /// let dependencies = SkillDependencies().testing { key in print("no test value for \(key)") }
  /// ```
  ///
  /// - Parameter report: Called with the key's name, on the reading thread.
  /// - Returns: The values, read as in a test.
  public func testing(reportingMissing report: @escaping @Sendable (_ key: String) -> Void) -> SkillDependencies {
    var copy = self
    copy.reportMissing = report
    return copy
  }

  /// The explanation for a key without a test value.
  ///
  /// - Parameter key: The key's name.
  /// - Returns: What happened and how to fix it.
  package static func missingTestValueMessage(_ key: String) -> String {
    "A skill read the dependency \(key), which has no test value, so the live value was used. "
      + "Set one for this test (environment.dependencies[\(key.split(separator: ".").last ?? "Key").self] = …) "
      + "or give the key a `static var testValue`."
  }

  /// Where the default ``SkillDependencyKey/testValue`` reports to while a test read is in progress.
  @TaskLocal static var missingTestValue: (@Sendable (String) -> Void)?
}

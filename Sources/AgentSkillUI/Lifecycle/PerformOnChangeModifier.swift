#if canImport(SwiftUI)
  import AgentSkill
  import SwiftUI

  extension View {
    /// Performs `runner` with an input made from `value` whenever `value` changes.
    ///
    /// ```swift
    /// struct WeatherCard: View {
    ///   let city: String
    ///   @State private var forecast = SkillRunner(ForecastSkill())
    ///   var body: some View {
    ///     SkillStatusView(forecast, title: Text("Loading the forecast"))
    ///       .perform(forecast, onChangeOf: city, initial: true) { city in
    ///         ForecastRequest(city: city, days: 3)
    ///       }
    ///   }
    /// }
    /// ```
    ///
    /// The runner's ``/AgentSkill/PerformPolicy`` decides what happens to a
    /// run still in progress (by default the new value cancels it). The
    /// runner is not cancelled when the view disappears: it belongs to the
    /// view that owns it, and releasing that view cancels its work.
    ///
    /// - Parameters:
    ///   - runner: The runner to perform.
    ///   - value: The value to watch.
    ///   - initial: Whether to perform once when the view appears, with the
    ///     current value. Defaults to `false`.
    ///   - input: Makes the skill's input from the new value.
    /// - Returns: A view that performs the runner on changes.
    public func perform<S: Skill, Value: Equatable>(
      _ runner: SkillRunner<S>,
      onChangeOf value: Value,
      initial: Bool = false,
      input: @escaping (Value) -> S.Input
    ) -> some View {
      onChange(of: value, initial: initial) { _, newValue in
        runner.perform(input(newValue))
      }
    }

    /// Performs `runner` with `value` as its input whenever `value` changes.
    ///
    /// ```swift
    /// struct SearchField: View {
    ///   @State private var query = ""
    ///   @State private var search = SkillRunner(SearchSkill())
    ///   var body: some View {
    ///     TextField("Search", text: $query)
    ///       .perform(search, onChangeOf: query)
    ///   }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - runner: The runner to perform.
    ///   - value: The value to watch; it is the skill's input.
    ///   - initial: Whether to perform once when the view appears, with the
    ///     current value. Defaults to `false`.
    /// - Returns: A view that performs the runner on changes.
    public func perform<S: Skill>(
      _ runner: SkillRunner<S>,
      onChangeOf value: S.Input,
      initial: Bool = false
    ) -> some View where S.Input: Equatable {
      perform(runner, onChangeOf: value, initial: initial) { $0 }
    }
  }
#endif

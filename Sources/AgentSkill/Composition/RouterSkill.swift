/// Runs a base skill, then chooses the next skill from its outcome: success
/// (optionally only for outputs a predicate accepts), failure, or timeout.
///
/// A payment flow — enough balance → pay, too little → top-up page,
/// timeout → timeout notice, other failure → retry dialog:
///
/// ```swift
/// let pay = CheckBalanceSkill()
///   .timeout(.seconds(10))
///   .onSuccess(where: { $0 >= order.total }, ChargeSkill(order: order))   // balance -> PaymentScreen
///   .onSuccess(OpenTopUpSkill())                                         // balance -> PaymentScreen
///   .onTimeout(ShowTimeoutSkill())                                       // SkillTimeoutError -> PaymentScreen
///   .onFailure(ShowRetryDialogSkill())                                   // any Error -> PaymentScreen
/// let screen = try await pay.run(account)
/// ```
///
/// Rules:
/// - Success routes receive the base skill's output, failure routes the
///   error, timeout routes the ``SkillTimeoutError``. Every route produces
///   the router's `Output`.
/// - Among the routes of one kind the **first declared that matches wins**.
/// - A timeout is a `SkillTimeoutError` thrown by the base skill (add
///   ``Skill/timeout(_:)`` to the base to set the limit). It goes to the
///   first timeout route; when there is none it is a failure like any other.
/// - No matching route throws ``RouterError`` naming the output or the
///   error: ``RouterError/noRouteForOutput(skillName:output:)`` or
///   ``RouterError/noRouteForFailure(skillName:underlying:)``.
/// - Cancellation is never routed: it ends the run with `CancellationError`.
/// - The chosen route's error, if it fails, is thrown unchanged.
/// - Progress: the base skill covers 0…0.5 (reaching 0.5 when it ends), the
///   chosen route 0.5…1 (reaching 1 when it succeeds). Both run in contexts
///   named after them.
public struct RouterSkill<Base: Skill, Output: Sendable>: Skill {
  /// The skill whose outcome chooses the route.
  package let base: Base
  private var successRoutes: [SuccessRoute] = []
  private var failureRoutes: [FailureRoute] = []
  private var timeoutRoutes: [AnySkill<SkillTimeoutError, Output>] = []

  private struct SuccessRoute: Sendable {
    let predicate: (@Sendable (Base.Output) -> Bool)?
    let skill: AnySkill<Base.Output, Output>
  }

  private struct FailureRoute: Sendable {
    let predicate: (@Sendable (any Error) -> Bool)?
    let skill: AnySkill<any Error, Output>
  }

  /// Creates a router with no routes; add them with ``onSuccess(_:)``,
  /// ``onSuccess(where:_:)``, ``onFailure(_:)``, ``onFailure(where:_:)`` and
  /// ``onTimeout(_:)`` — or start from the base skill with
  /// ``Skill/onSuccess(_:)`` and its siblings.
  ///
  /// - Parameters:
  ///   - base: The skill whose outcome chooses the route.
  ///   - output: The routes' output type.
  public init(_ base: Base, output: Output.Type = Output.self) {
    self.base = base
  }

  /// `Router(…)` with the base skill's name, such as `Router(CheckBalanceSkill)`.
  public var name: String { "Router(\(base.name))" }

  /// Adds a route taken when the base skill succeeds, after the routes declared before it.
  ///
  /// - Parameter next: Receives the base skill's output.
  /// - Returns: The router with the route added.
  public func onSuccess<Next: Skill>(_ next: Next) -> Self where Next.Input == Base.Output, Next.Output == Output {
    var copy = self
    copy.successRoutes.append(SuccessRoute(predicate: nil, skill: AnySkill(next)))
    return copy
  }

  /// Adds a route taken when the base skill succeeds with an output
  /// `predicate` accepts, after the routes declared before it.
  ///
  /// - Parameters:
  ///   - predicate: Decides from the output whether this route applies.
  ///   - next: Receives the base skill's output.
  /// - Returns: The router with the route added.
  public func onSuccess<Next: Skill>(
    where predicate: @escaping @Sendable (Base.Output) -> Bool,
    _ next: Next
  ) -> Self where Next.Input == Base.Output, Next.Output == Output {
    var copy = self
    copy.successRoutes.append(SuccessRoute(predicate: predicate, skill: AnySkill(next)))
    return copy
  }

  /// Adds a route taken when the base skill fails (including a timeout when
  /// no timeout route exists), after the routes declared before it.
  ///
  /// - Parameter next: Receives the base skill's error.
  /// - Returns: The router with the route added.
  public func onFailure<Next: Skill>(_ next: Next) -> Self where Next.Input == any Error, Next.Output == Output {
    var copy = self
    copy.failureRoutes.append(FailureRoute(predicate: nil, skill: AnySkill(next)))
    return copy
  }

  /// Adds a route taken when the base skill fails with an error `predicate`
  /// accepts, after the routes declared before it.
  ///
  /// - Parameters:
  ///   - predicate: Decides from the error whether this route applies.
  ///   - next: Receives the base skill's error.
  /// - Returns: The router with the route added.
  public func onFailure<Next: Skill>(
    where predicate: @escaping @Sendable (any Error) -> Bool,
    _ next: Next
  ) -> Self where Next.Input == any Error, Next.Output == Output {
    var copy = self
    copy.failureRoutes.append(FailureRoute(predicate: predicate, skill: AnySkill(next)))
    return copy
  }

  /// Adds a route taken when the base skill throws ``SkillTimeoutError``;
  /// only the first timeout route is ever taken.
  ///
  /// - Parameter next: Receives the timeout error.
  /// - Returns: The router with the route added.
  public func onTimeout<Next: Skill>(_ next: Next) -> Self
  where Next.Input == SkillTimeoutError, Next.Output == Output {
    var copy = self
    copy.timeoutRoutes.append(AnySkill(next))
    return copy
  }

  /// Runs the base skill, then the first route that matches its outcome.
  ///
  /// - Parameters:
  ///   - input: The base skill's input.
  ///   - context: The run's context.
  /// - Returns: The chosen route's output.
  /// - Throws: ``RouterError`` when no route matches, the chosen route's
  ///   error, or `CancellationError`.
  public func run(_ input: Base.Input, context: SkillContext) async throws -> Output {
    let baseContext = context.scoped(progress: 0...0.5, skillName: base.name)
    let output: Base.Output
    do {
      output = try await baseContext.execute(base, input)
    } catch {
      if isCancellation(error) { throw error }
      return try await routeFailure(error, context: context)
    }
    try context.checkCancellation()
    context.reportProgress(0.5)
    guard let route = successRoutes.first(where: { $0.predicate?(output) ?? true }) else {
      throw RouterError.noRouteForOutput(skillName: base.name, output: describeValue(output))
    }
    context.logger.debug("routing success to \(route.skill.name)")
    return try await runRoute(route.skill, output, context: context)
  }

  private func routeFailure(_ error: any Error, context: SkillContext) async throws -> Output {
    try context.checkCancellation()
    context.reportProgress(0.5)
    if let timeout = error as? SkillTimeoutError, let route = timeoutRoutes.first {
      context.logger.debug("routing timeout to \(route.name)")
      return try await runRoute(route, timeout, context: context)
    }
    guard let route = failureRoutes.first(where: { $0.predicate?(error) ?? true }) else {
      throw RouterError.noRouteForFailure(skillName: base.name, underlying: error)
    }
    context.logger.debug("routing failure to \(route.skill.name): \(describe(error))")
    return try await runRoute(route.skill, error, context: context)
  }

  private func runRoute<RouteInput>(
    _ route: AnySkill<RouteInput, Output>,
    _ value: RouteInput,
    context: SkillContext
  ) async throws -> Output {
    let output = try await context.scoped(progress: 0.5...1, skillName: route.name).execute(route, value)
    context.reportProgress(1)
    return output
  }
}

extension Skill {
  /// A router that takes `next` when this skill succeeds; add more routes to it.
  ///
  /// ```swift
  /// let pay = CheckBalanceSkill().timeout(.seconds(10))
  ///   .onSuccess(where: { $0 >= order.total }, ChargeSkill(order: order))
  ///   .onSuccess(OpenTopUpSkill())
  ///   .onFailure(ShowRetryDialogSkill())
  /// ```
  ///
  /// See ``RouterSkill`` for the matching rules.
  ///
  /// - Parameter next: Receives this skill's output.
  /// - Returns: The router.
  public func onSuccess<Next: Skill>(_ next: Next) -> RouterSkill<Self, Next.Output> where Next.Input == Output {
    RouterSkill(self).onSuccess(next)
  }

  /// A router that takes `next` when this skill succeeds with an output
  /// `predicate` accepts; add more routes to it.
  ///
  /// - Parameters:
  ///   - predicate: Decides from the output whether this route applies.
  ///   - next: Receives this skill's output.
  /// - Returns: The router.
  public func onSuccess<Next: Skill>(
    where predicate: @escaping @Sendable (Output) -> Bool,
    _ next: Next
  ) -> RouterSkill<Self, Next.Output> where Next.Input == Output {
    RouterSkill(self).onSuccess(where: predicate, next)
  }

  /// A router that takes `next` when this skill fails; add more routes to it.
  ///
  /// - Parameter next: Receives this skill's error.
  /// - Returns: The router.
  public func onFailure<Next: Skill>(_ next: Next) -> RouterSkill<Self, Next.Output> where Next.Input == any Error {
    RouterSkill(self).onFailure(next)
  }

  /// A router that takes `next` when this skill fails with an error
  /// `predicate` accepts; add more routes to it.
  ///
  /// - Parameters:
  ///   - predicate: Decides from the error whether this route applies.
  ///   - next: Receives this skill's error.
  /// - Returns: The router.
  public func onFailure<Next: Skill>(
    where predicate: @escaping @Sendable (any Error) -> Bool,
    _ next: Next
  ) -> RouterSkill<Self, Next.Output> where Next.Input == any Error {
    RouterSkill(self).onFailure(where: predicate, next)
  }

  /// A router that takes `next` when this skill throws ``SkillTimeoutError``;
  /// add more routes to it.
  ///
  /// - Parameter next: Receives the timeout error.
  /// - Returns: The router.
  public func onTimeout<Next: Skill>(_ next: Next) -> RouterSkill<Self, Next.Output>
  where Next.Input == SkillTimeoutError {
    RouterSkill(self).onTimeout(next)
  }
}

/// A short, redacted description of a value for error messages.
private func describeValue(_ value: some Any) -> String {
  let text = SecretRedactor.redact(String(describing: value))
  guard text.count > 200 else { return text }
  return String(text.prefix(200)) + "…"
}

import AgentSkill

/// A request to move focus, published by ``FormNavigation/focusRequest``.
///
/// Every request has a new ``serial``, so asking for the same field twice is
/// still a change a view reacts to:
///
/// ```swift
/// struct SignUpScreen: View {
///   let agent: SignUpAgent
///   @FocusState private var focus: Field?
///   @State private var email = ""
///   var body: some View {
///     TextField("Email", text: $email)
///       .focused($focus, equals: .email)
///       .onChange(of: agent.form.focusRequest) { _, request in
///         if let request { focus = request.field }
///       }
///   }
/// }
/// ```
public struct FocusRequest<Field: Hashable & Sendable>: Hashable, Sendable {
  /// The field to focus.
  public let field: Field
  /// Counts the navigation's requests, starting at 1.
  public let serial: Int

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - field: The field to focus.
  ///   - serial: The request's number.
  public init(field: Field, serial: Int) {
    self.field = field
    self.serial = serial
  }
}

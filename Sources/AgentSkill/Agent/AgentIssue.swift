/// Something an agent noticed that is likely a bug in the app, such as an
/// intent that no skill handled.
///
/// The agent logs it as a warning; `AgentTestStore` fails the test with it.
package struct AgentIssue: Sendable, Hashable, CustomStringConvertible {
  /// What kind of issue it is.
  package enum Kind: Sendable, Hashable {
    /// No mounted skill handled an intent (or every matching one fell through).
    case unhandledIntent
    /// ``Agent/apply(_:)`` was called while the reducer ran.
    case appliedWhileReducing
  }

  /// What kind of issue it is.
  package let kind: Kind
  /// The agent's log tag.
  package let agent: String
  /// What happened and how to fix it.
  package let message: String

  /// The message.
  package var description: String { message }
}

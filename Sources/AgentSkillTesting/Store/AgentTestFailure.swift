import Foundation
import Testing

/// Where a test store assertion was written: the caller's file, line and column.
public struct AgentTestSourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file's module-qualified identifier, such as `MyAppTests/ChatTests.swift`.
  public let fileID: String
  /// The file's full path.
  public let filePath: String
  /// The line, from 1.
  public let line: Int
  /// The column, from 1.
  public let column: Int

  /// Creates a location; the store's methods fill it from `#fileID`, `#filePath`, `#line` and `#column`.
  ///
  /// - Parameters:
  ///   - fileID: The file's module-qualified identifier.
  ///   - filePath: The file's full path.
  ///   - line: The line.
  ///   - column: The column.
  public init(fileID: String, filePath: String, line: Int, column: Int) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `ChatTests.swift:42:5`.
  public var description: String {
    let file = fileID.split(separator: "/").last.map(String.init) ?? fileID
    return "\(file):\(line):\(column)"
  }
}

/// A failed assertion of an ``AgentTestStore``.
public struct AgentTestFailure: Hashable, Sendable, CustomStringConvertible {
  /// The kind of failure.
  public enum Kind: String, Hashable, Sendable {
    /// The context after a step differs from the expected one.
    case contextMismatch
    /// The next applied effect differs from the expected one.
    case unexpectedEffect
    /// An expected effect never arrived.
    case effectNotReceived
    /// Effects were applied but not received before sending or finishing.
    case unreceivedEffects
    /// Intents were still in flight when the store finished.
    case stillRunning
    /// The assertion closure threw.
    case assertionThrew
    /// An intent reached the agent and no skill handled it (or every matching skill fell through).
    case unhandledIntent
    /// A skill read a dependency that has no test value (the live value was used).
    case unimplementedDependency
  }

  /// The kind of failure.
  public let kind: Kind
  /// The readable explanation, with a diff where one helps.
  public let message: String
  /// Where the failing assertion was written.
  public let location: AgentTestSourceLocation

  /// Creates a failure.
  ///
  /// - Parameters:
  ///   - kind: The kind of failure.
  ///   - message: The explanation.
  ///   - location: Where the assertion was written.
  public init(kind: Kind, message: String, location: AgentTestSourceLocation) {
    self.kind = kind
    self.message = message
    self.location = location
  }

  /// The message.
  public var description: String { message }

  /// Records the failure as a Swift Testing issue at the caller's location (the default reporter).
  ///
  /// Outside a Swift Testing test the failure is also written to standard error.
  ///
  /// - Parameter failure: The failure.
  @Sendable
  public static func recordIssue(_ failure: AgentTestFailure) {
    let location = failure.location
    Issue.record(
      Comment(rawValue: failure.message),
      sourceLocation: SourceLocation(
        fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column))
    if Test.current == nil {
      FileHandle.standardError.write(Data("\(location): AgentTestStore failure: \(failure.message)\n".utf8))
    }
  }
}

/// How strictly an ``AgentTestStore`` checks what happened.
public enum AgentTestExhaustivity: Hashable, Sendable {
  /// Every applied effect must be received, in order, and each assertion
  /// must describe the whole context change (the default).
  case on
  /// Effects not received are skipped, and assertions check only what their
  /// closure changes: for integration tests that focus on one outcome.
  case off
}

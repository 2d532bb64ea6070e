import AgentSkill
import Foundation

/// What a ``ChatAgent``'s skills report; ``ChatReducer`` applies them to the ``ChatContext``.
public enum ChatEffect: Sendable, Hashable {
  /// A turn began: leftovers of an interrupted turn are settled, the user's
  /// message is appended and the phase moves to ``ChatPhase/analyzing``.
  case turnStarted(turn: Int, text: String, images: [ChatImage] = [])
  /// The tools matched for a turn and offered to the model.
  case toolsOffered(turn: Int, tools: [String])
  /// Move to a phase (checked against ``ChatPhaseTransitions``).
  case transition(ChatPhase)
  /// Append a message.
  case appendMessage(ChatAgentMessage)
  /// Append a batch of streamed text to a message.
  case appendText(ChatAgentMessage.ID, String)
  /// A model answer ended: its whole text and the calls it asked for; streaming stops.
  case finishMessage(ChatAgentMessage.ID, text: String, toolCalls: [ChatToolCall])
  /// Append a batch of streamed thinking to a message (it shows before the text).
  case appendThinking(ChatAgentMessage.ID, String)
  /// A model answer's whole thinking, as shown and as the blocks to send back; replaces what streamed.
  case finishThinking(ChatAgentMessage.ID, text: String?, blocks: [ThinkingBlock])
  /// A call's status changed (it started running, or waits).
  case updateCall(ChatAgentMessage.ID, ChatToolCall)
  /// A call is over: its final state, and its result message (none when cancelled).
  case callFinished(ChatAgentMessage.ID, ChatToolCall, result: ChatAgentMessage?)
  /// A call waits for the user's consent.
  case requestConfirmation(ChatConfirmationRequest)
  /// The user answered the confirmation for `callID`.
  case confirmationAnswered(callID: String)
  /// One model request was made; its usage, when reported, and its cost, when the agent has prices.
  case modelRequest(usage: TokenUsage?, cost: Decimal? = nil)
  /// A provider answered one HTTP request of a model request: its status,
  /// time and, when it is retried (429, 5xx), the wait before the next; the
  /// timeline shows every attempt. Changes nothing in the context.
  case modelAttempt(ProviderAttempt)
  /// The turn ended normally: back to ``ChatPhase/idle``.
  case turnFinished
  /// The turn failed: ``ChatContext/lastError`` is set and the phase moves to ``ChatPhase/failed(_:)``.
  case turnFailed(ChatAgentError)
  /// The turn was cancelled: running and pending calls become cancelled, streaming stops, back to idle.
  case interrupted
  /// A feedback line was appended to the log.
  case feedbackRecorded
  /// Appending a feedback line failed.
  case feedbackFailed(ChatAgentError)
  /// The conversation was forgotten.
  case cleared
  /// A saved conversation replaced the current one (``ChatAgent/restore(_:)``).
  case restored(ChatConversation)
}

extension ChatEffect: TimelineSizeEstimating {
  /// The estimated heap bytes of the text, messages and calls the effect
  /// carries, by reflection, for the timeline's byte budget.
  public var estimatedHeapBytes: Int { TimelineSizeEstimate.heapBytes(reflecting: self) }
}

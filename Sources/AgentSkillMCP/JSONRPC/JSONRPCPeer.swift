import AgentSkillLLM
import Foundation

/// One side of a JSON-RPC connection over a ``MessageChannel``: sends
/// requests and matches their answers, answers the peer's requests with a
/// handler, and passes notifications on.
///
/// Cancelling the task awaiting a request sends `notifications/cancelled`;
/// a `notifications/cancelled` from the peer cancels the task handling that
/// request, whose answer is then not sent. A request whose id is that of one
/// still being handled is refused with `-32600`, and a line over the
/// channel's cap with `-32600` and a null id. When the channel closes, every
/// pending request fails with ``Failure/closed(_:)`` and the handlers are
/// released (they may hold what holds the peer).
actor JSONRPCPeer {
  /// Answers one incoming request: a result, or an error to send back.
  typealias RequestHandler =
    @Sendable (_ id: JSONRPCID, _ method: String, _ params: JSONValue?) async -> Result<JSONValue, JSONRPCError>
  /// Receives one incoming notification.
  typealias NotificationHandler = @Sendable (_ method: String, _ params: JSONValue?) async -> Void
  /// One `notifications/progress` for a request.
  typealias ProgressHandler = @Sendable (MCPProgress) -> Void

  /// Why a request failed locally.
  enum Failure: Error, Sendable {
    /// The peer answered with an error.
    case remote(JSONRPCError)
    /// The channel closed before the answer; the reason from the channel.
    case closed(String)
    /// This one exchange failed on a channel that stays open; what went wrong.
    case exchangeFailed(String)
    /// No answer within the time limit.
    case timedOut
  }

  private let channel: any MessageChannel
  /// Answers every request with `-32601`: the handler before `start` and after the channel closes.
  private static let methodNotFound: RequestHandler = { _, method, _ in
    .failure(JSONRPCError(code: JSONRPCError.methodNotFound, message: "Method not found: \(method)"))
  }

  private var onRequest: RequestHandler = JSONRPCPeer.methodNotFound
  private var onNotification: NotificationHandler = { _, _ in }
  private var onLog: @Sendable (String) -> Void = { _ in }
  private var nextID = 1
  private var pending: [JSONRPCID: CheckedContinuation<JSONValue, any Error>] = [:]
  private var progressHandlers: [JSONValue: ProgressHandler] = [:]
  private var handling: [JSONRPCID: Task<Void, Never>] = [:]
  private var closedReason: String?
  private var reader: Task<Void, Never>?
  private var closedWaiters: [CheckedContinuation<Void, Never>] = []

  init(channel: any MessageChannel) {
    self.channel = channel
  }

  /// Sets the handlers and starts reading.
  func start(
    onRequest: RequestHandler? = nil,
    onNotification: NotificationHandler? = nil,
    onLog: (@Sendable (String) -> Void)? = nil
  ) {
    if let onRequest { self.onRequest = onRequest }
    if let onNotification { self.onNotification = onNotification }
    if let onLog { self.onLog = onLog }
    let events = channel.events
    reader = Task { [weak self] in
      for await event in events {
        guard let self else { return }
        await self.receive(event)
      }
      await self?.finish(reason: "the connection ended")
    }
  }

  /// Why the channel closed, once it has.
  var closed: String? { closedReason }

  /// Waits until the connection has ended.
  func waitUntilClosed() async {
    if closedReason != nil { return }
    await withCheckedContinuation { closedWaiters.append($0) }
  }

  /// Waits until the channel has delivered its last event (a dying process's last log lines among them).
  func waitUntilDrained() async {
    await reader?.value
  }

  // MARK: Sending

  /// Sends a request and waits for its answer.
  ///
  /// - Parameters:
  ///   - method: The method.
  ///   - params: The parameters object.
  ///   - progress: Receives `notifications/progress` for this request; sets `_meta.progressToken`.
  ///   - timeout: How long to wait for the answer, on `clock`.
  ///   - clock: The clock for the timeout.
  /// - Returns: The `result`.
  /// - Throws: ``Failure``, or `CancellationError` when the task is cancelled (the peer is told).
  func request(
    _ method: String,
    params: JSONValue? = nil,
    progress: ProgressHandler? = nil,
    timeout: Duration? = nil,
    clock: any Clock<Duration> = ContinuousClock()
  ) async throws -> JSONValue {
    try Task.checkCancellation()
    if let closedReason { throw Failure.closed(closedReason) }
    let id = JSONRPCID.integer(nextID)
    nextID += 1
    var params = params
    if let progress {
      let token = JSONValue.string("progress-\(id)")
      var object = params?.objectValue ?? JSONObject()
      var meta = object["_meta"]?.objectValue ?? JSONObject()
      meta["progressToken"] = token
      object["_meta"] = .object(meta)
      params = .object(object)
      progressHandlers[token] = progress
    }
    defer {
      if let token = params?["_meta"]?["progressToken"] { progressHandlers[token] = nil }
    }
    let timer: Task<Void, Never>? = timeout.map { limit in
      Task { [weak self] in
        guard (try? await clock.sleep(for: limit)) != nil else { return }
        await self?.resolve(id, with: .failure(Failure.timedOut))
      }
    }
    defer { timer?.cancel() }
    let message = JSONRPCMessage.request(id: id, method: method, params: params)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        pending[id] = continuation
        Task { await self.transmit(message, failing: id) }
      }
    } onCancel: {
      Task { await self.cancel(id) }
    }
  }

  /// Sends a notification; a closed channel is ignored.
  func notify(_ method: String, params: JSONValue? = nil) async {
    try? await channel.send(JSONRPCLine.encode(.notification(method: method, params: params)))
  }

  /// Ends the connection, fails what is pending, then closes the channel.
  func close() async {
    finish(reason: "the connection was closed")
    await channel.close()
  }

  private func transmit(_ message: JSONRPCMessage, failing id: JSONRPCID) async {
    do {
      try await channel.send(JSONRPCLine.encode(message))
    } catch {
      if let closedReason {
        resolve(id, with: .failure(Failure.closed(closedReason)))
      } else if error.ended {
        // The connection ends before the error reaches the caller: whoever checks it after the error sees it ended.
        finish(reason: error.reason)
      } else {
        resolve(id, with: .failure(Failure.exchangeFailed(error.reason)))
      }
    }
  }

  private func cancel(_ id: JSONRPCID) async {
    guard pending[id] != nil else { return }
    resolve(id, with: .failure(CancellationError()))
    await notify(
      "notifications/cancelled", params: ["requestId": id.json, "reason": "The caller cancelled the request."])
  }

  private func resolve(_ id: JSONRPCID, with result: Result<JSONValue, any Error>) {
    guard let continuation = pending.removeValue(forKey: id) else { return }
    continuation.resume(with: result)
  }

  // MARK: Receiving

  private func receive(_ event: ChannelEvent) async {
    switch event {
    case .line(let bytes):
      for item in JSONRPCLine.decode(bytes) {
        switch item {
        case .message(let message): await dispatch(message)
        case .invalid(let error):
          onLog("dropped an invalid message: \(error)")
          let id = error.data?["id"].flatMap(JSONRPCID.init(json:))
          try? await channel.send(JSONRPCLine.encode(.error(id: id, error: error)))
        }
      }
    case .oversized(let count):
      onLog("dropped a message of \(count) bytes, over the limit")
      // The id cannot be read without the line; the sender still learns that a message was refused.
      let error = JSONRPCError(
        code: JSONRPCError.invalidRequest,
        message: "A message of \(count) bytes is over the limit of this connection; it was dropped.")
      try? await channel.send(JSONRPCLine.encode(.error(id: nil, error: error)))
    case .log(let line):
      onLog(line)
    case .closed(let reason):
      finish(reason: reason)
    }
  }

  private func dispatch(_ message: JSONRPCMessage) async {
    switch message {
    case .result(let id, let result):
      resolve(id, with: .success(result))
    case .error(let id, let error):
      if let id {
        resolve(id, with: .failure(Failure.remote(error)))
      } else {
        onLog("the peer reported \(error)")
      }
    case .notification(let method, let params):
      switch method {
      case "notifications/progress":
        if let params, let token = params["progressToken"], let handler = progressHandlers[token],
          let progress = MCPProgress(json: params)
        {
          handler(progress)
        }
      case "notifications/cancelled":
        if let id = params?["requestId"].flatMap(JSONRPCID.init(json:)) {
          handling.removeValue(forKey: id)?.cancel()
        }
      default:
        await onNotification(method, params)
      }
    case .request(let id, let method, let params):
      guard handling[id] == nil else {
        // Answering both would give the peer two answers with one id, and the first one's slot would be lost.
        let error = JSONRPCError(
          code: JSONRPCError.invalidRequest,
          message: "The id \(id) belongs to a request still in progress; use a new id for each request.",
          data: ["id": id.json])
        try? await channel.send(JSONRPCLine.encode(.error(id: id, error: error)))
        return
      }
      if method == "ping" {
        try? await channel.send(JSONRPCLine.encode(.result(id: id, result: [:])))
        return
      }
      let handler = onRequest
      handling[id] = Task {
        let result = await handler(id, method, params)
        await self.answer(id, result)
      }
    }
  }

  private func answer(_ id: JSONRPCID, _ result: Result<JSONValue, JSONRPCError>) async {
    // A request the peer cancelled is not answered.
    guard let task = handling.removeValue(forKey: id), !task.isCancelled else { return }
    let message: JSONRPCMessage
    switch result {
    case .success(let value): message = .result(id: id, result: value)
    case .failure(let error): message = .error(id: id, error: error)
    }
    try? await channel.send(JSONRPCLine.encode(message))
  }

  /// Ends the connection: from here on it reports itself closed, then every pending request fails.
  private func finish(reason: String) {
    guard closedReason == nil else { return }
    closedReason = reason
    for (_, continuation) in pending { continuation.resume(throwing: Failure.closed(reason)) }
    pending.removeAll()
    for (_, task) in handling { task.cancel() }
    handling.removeAll()
    progressHandlers.removeAll()
    // The handlers may hold what holds this peer (a server's session does): let go of them, nothing more comes.
    onRequest = Self.methodNotFound
    onNotification = { _, _ in }
    for waiter in closedWaiters { waiter.resume() }
    closedWaiters.removeAll()
  }
}

extension ChatConfirmationRequest {
  /// The arguments as labelled lines for a confirmation prompt, in the
  /// order the model sent them: strings unquoted, other values as compact
  /// JSON, each value cut to `limit` characters.
  ///
  /// ```swift
  /// struct ConfirmationArguments: View {
  ///   let request: ChatConfirmationRequest
  ///
  ///   var body: some View {
  ///     // [("title", "开周会"), ("at", "2026-03-06T15:00:00+08:00")]
  ///     ForEach(request.argumentLines(), id: \.key) { line in
  ///       Text("\(line.key): \(line.value)")
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// Arguments that are not an object (a model may send anything) become
  /// one line labelled `arguments`; an empty object gives no lines.
  ///
  /// - Parameter limit: The most characters per value. Defaults to 120.
  /// - Returns: The labelled values.
  public func argumentLines(limit: Int = 120) -> [ToolKeyValues.Pair] {
    func text(_ value: JSONValue) -> String {
      ToolText.truncated(value.stringValue ?? value.rendered(), to: limit)
    }
    guard let object = arguments.objectValue else {
      return arguments.isNull ? [] : [ToolKeyValues.Pair("arguments", text(arguments))]
    }
    return object.members.map { ToolKeyValues.Pair($0.key, text($0.value)) }
  }
}

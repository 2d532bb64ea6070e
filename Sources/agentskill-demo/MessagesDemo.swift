/// Seed 000's message-list scenario in the terminal (filled in by the list-feature work).
struct MessagesDemo {
  let timelinePath: String?

  func run() async -> Int32 {
    Terminal.standardOutput.writeLine("messages: load → refresh → stream → failure → retry")
    return 0
  }
}

/// A message of the demo's message list.
struct DemoMessage: Identifiable, Hashable, Sendable, Codable {
  let id: String
  let author: String
  let text: String
}

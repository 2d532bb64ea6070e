import AgentSkill

/// Keeps unfinished user input — drafts — on the device, keyed by id, so an
/// autosave can write them and the next launch can offer them again.
///
/// ```swift
/// struct Reply: Codable, Sendable { var text: String }
///
/// func keep(_ reply: Reply, in store: some DraftStore<Reply>) async throws {
///   try await store.save(reply, id: "reply-42")
///   let restored = try await store.load(id: "reply-42")   // Reply(text: …)
///   let ids = try await store.list()                      // ["reply-42"]
///   print(restored?.text ?? "", ids)
///   try await store.delete(id: "reply-42")
/// }
/// ```
///
/// ``FileDraftStore`` is the implementation for apps.
public protocol DraftStore<Draft>: Sendable {
  /// The value a draft holds.
  associatedtype Draft: Codable & Sendable

  /// Stores `draft` under `id`, replacing the previous draft with that id
  /// only once the new one is completely stored.
  ///
  /// - Parameters:
  ///   - draft: The value to keep.
  ///   - id: The draft's key, such as `reply-42`; any non-empty string.
  /// - Throws: ``DraftStoreError`` when the draft could not be stored; the
  ///   previous draft is then unchanged.
  func save(_ draft: Draft, id: String) async throws(DraftStoreError)

  /// The draft stored under `id`, or `nil` when there is none.
  ///
  /// - Parameter id: The draft's key.
  /// - Returns: The draft, or `nil`.
  /// - Throws: ``DraftStoreError`` when a stored draft could not be read or decoded.
  func load(id: String) async throws(DraftStoreError) -> Draft?

  /// Removes the draft stored under `id`; does nothing when there is none.
  ///
  /// - Parameter id: The draft's key.
  /// - Throws: ``DraftStoreError`` when the draft could not be removed.
  func delete(id: String) async throws(DraftStoreError)

  /// The ids of every stored draft, sorted.
  ///
  /// - Returns: The ids.
  /// - Throws: ``DraftStoreError`` when the store could not be read.
  func list() async throws(DraftStoreError) -> [String]
}

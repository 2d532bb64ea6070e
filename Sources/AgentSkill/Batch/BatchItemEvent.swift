/// Something that happened to one item of a running batch, for showing
/// per-item progress and outcomes while the batch runs.
///
/// Delivered to the `onItemEvent` handler of ``BatchSkill`` on the task
/// running the item (with bounded concurrency, several at once): hop to the
/// main actor yourself before touching UI state.
///
/// ```swift
/// @MainActor final class UploadRows {
///   var done: Set<Int> = []
///   func apply(_ event: BatchItemEvent<Photo, URL>) {
///     if case .succeeded(let index, _) = event { done.insert(index) }
///   }
/// }
///
/// func uploadSkill(showingProgressIn rows: UploadRows) -> BatchSkill<UploadPhotoSkill> {
///   BatchSkill(UploadPhotoSkill(), onItemEvent: { event in
///     Task { @MainActor in rows.apply(event) }
///   })
/// }
/// ```
public enum BatchItemEvent<Input: Sendable, Output: Sendable>: Sendable {
  /// The item at `index` started.
  case started(index: Int, input: Input)
  /// The item at `index` reported progress `fraction` (0…1).
  case progressed(index: Int, fraction: Double)
  /// The item at `index` succeeded with `output`.
  case succeeded(index: Int, output: Output)
  /// The item at `index` failed with `error`.
  case failed(index: Int, error: any Error)

  /// The position of the item the event belongs to.
  public var index: Int {
    switch self {
    case .started(let index, _), .progressed(let index, _), .succeeded(let index, _), .failed(let index, _):
      index
    }
  }
}

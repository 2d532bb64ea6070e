#if canImport(SwiftUI)
  import AgentSkill
  import SwiftUI

  extension View {
    /// Disables the view while `runner` runs, so a trigger cannot start a
    /// second run by accident (the usual `.disabled(runner.status.isRunning)`, in one word).
    ///
    /// ```swift
    /// struct UploadButton: View {
    ///   let photos: [Photo]
    ///   @State private var upload = SkillRunner(UploadSkill())
    ///   var body: some View {
    ///     Button("Upload") { upload.perform(photos) }
    ///       .disabled(while: upload)
    ///   }
    /// }
    /// ```
    ///
    /// Combine it with other conditions by chaining: a view disabled by any
    /// `disabled` modifier stays disabled.
    ///
    /// - Parameter runner: The runner whose run disables the view.
    /// - Returns: A view disabled while `runner` runs.
    public func disabled<S: Skill>(while runner: SkillRunner<S>) -> some View {
      disabled(runner.isRunning)
    }
  }
#endif

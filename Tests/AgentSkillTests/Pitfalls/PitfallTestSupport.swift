/// Suspends until `condition` holds on the main actor, letting other tasks
/// run meanwhile; for releases that have no completion signal of their own.
/// The suite's time limit bounds it.
@MainActor
func eventually(_ condition: () -> Bool) async {
  while !condition() {
    await Task.yield()
  }
}

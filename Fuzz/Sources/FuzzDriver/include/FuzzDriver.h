#ifndef AGENTSKILL_FUZZ_DRIVER_H
#define AGENTSKILL_FUZZ_DRIVER_H

/// Runs libFuzzer on the target's LLVMFuzzerTestOneInput with the process's arguments.
///
/// SwiftPM renames an executable's entry point to `<Target>_main` and points `main` at it, so libFuzzer's own
/// `main` is never linked; each target's `<Target>_main` calls this instead.
int agentskill_fuzz_main(int argc, char **argv);

/// Starts libFuzzer on a secondary thread (64 MiB stack) and returns 0, or an error number when the thread cannot
/// start; the process exits when libFuzzer ends.
///
/// For targets that block on async work: the caller (the main thread) then runs the main dispatch queue
/// (`dispatchMain()`), so work on the main actor goes on while a fuzz input waits for it. SIGALRM, libFuzzer's
/// `-timeout` tick, is blocked on the calling thread so that it reaches the fuzzing thread.
int agentskill_fuzz_start_thread(int argc, char **argv);

#endif

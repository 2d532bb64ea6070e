#ifndef AGENTSKILL_FUZZ_DRIVER_H
#define AGENTSKILL_FUZZ_DRIVER_H

/// Runs libFuzzer on the target's LLVMFuzzerTestOneInput with the process's arguments.
///
/// SwiftPM renames an executable's entry point to `<Target>_main` and points `main` at it, so libFuzzer's own
/// `main` is never linked; each target's `<Target>_main` calls this instead.
int agentskill_fuzz_main(int argc, char **argv);

#endif

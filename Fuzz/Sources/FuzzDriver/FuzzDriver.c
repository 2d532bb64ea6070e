#include "FuzzDriver.h"
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

int agentskill_fuzz_main(int argc, char **argv) {
  return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}

static int fuzz_argc;
static char **fuzz_argv;

static void *agentskill_fuzz_thread(void *unused) {
  (void)unused;
  // libFuzzer normally exits by itself (end of -max_total_time, a crash); when it returns, so does the process.
  exit(LLVMFuzzerRunDriver(&fuzz_argc, &fuzz_argv, LLVMFuzzerTestOneInput));
}

int agentskill_fuzz_start_thread(int argc, char **argv) {
  fuzz_argc = argc;
  fuzz_argv = argv;
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  // libFuzzer and deep parser recursion under ASan want more than a secondary thread's default stack.
  pthread_attr_setstacksize(&attributes, (size_t)64 << 20);
  pthread_t thread;
  int error = pthread_create(&thread, &attributes, agentskill_fuzz_thread, NULL);
  pthread_attr_destroy(&attributes);
  if (error != 0) return error;
  // libFuzzer's -timeout is a process-wide SIGALRM that it only acts on in its own thread: the new thread was
  // created with SIGALRM open, so closing it here (and in the threads this one starts) routes it there.
  sigset_t alarm;
  sigemptyset(&alarm);
  sigaddset(&alarm, SIGALRM);
  pthread_sigmask(SIG_BLOCK, &alarm, NULL);
  return 0;
}

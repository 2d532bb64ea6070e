#!/usr/bin/env bash
# The whole test suite under ThreadSanitizer: fails when a test fails and when
# ThreadSanitizer reports anything, even a report that did not fail a test.
#
# Usage: .ci/tsan.sh [more `swift test` arguments, e.g. --filter 'AgentSkillTestingTests']
#
# All suites run, not only the concurrency-heavy ones (agents, runners, the list
# feature, chat, the test clock, test store and loopback server): building the
# sanitized tests dominates the time, and the tests add well under a minute.
# The build goes to .build/tsan so it does not replace the normal debug build.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp)
trap 'rm -f "$log"' EXIT

status=0
# A hung test must fail CI rather than run into the job's time limit.
timeout 3600 swift test --sanitize=thread --scratch-path .build/tsan "$@" 2>&1 | tee "$log" || status=$?

reports=$(grep -c "WARNING: ThreadSanitizer" "$log" || true)
if [ "$reports" -ne 0 ]; then
  echo "error: ThreadSanitizer reported $reports issue(s); search the output above for 'WARNING: ThreadSanitizer'." >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "error: swift test --sanitize=thread failed (exit status $status)." >&2
  exit "$status"
fi
echo "ThreadSanitizer: no reports."

#!/usr/bin/env bash
# Runs `swift test` N times with CPU-bound processes beside it, as on a busy 2-core CI machine, and prints every
# test that failed with how often. The last line is "N passed, M failed" (runs, not tests).
#
#   Tools/stress-tests.sh 20                 # 20 runs, two busy loops beside each
#   LOAD=4 Tools/stress-tests.sh 5           # four busy loops
#   Tools/stress-tests.sh 10 --filter MCP    # extra arguments go to `swift test`
#
# Use it when a change touches concurrency (tasks, actors, locks, channels, clocks). Each run's full output is
# kept in .build/stress/run-K.log; a failing run's log is the place to start.
set -uo pipefail
cd "$(dirname "$0")/.."

runs="${1:-}"
if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: Tools/stress-tests.sh N [swift test arguments...]  (N: how many runs, at least 1)" >&2
  exit 2
fi
shift
load="${LOAD:-2}"
if ! [[ "$load" =~ ^[0-9]+$ ]]; then
  echo "error: LOAD must be a number of busy processes (got \"$load\")" >&2
  exit 2
fi

if [ -z "${AGENTSKILL_MCP_PYTHON:-}" ] && [ -x .build/mcp-venv/bin/python ]; then
  export AGENTSKILL_MCP_PYTHON="$PWD/.build/mcp-venv/bin/python"
fi

echo "building the tests once..."
if ! swift build --build-tests >/dev/null 2>&1; then
  echo "error: the tests do not build; run 'swift build --build-tests' to see why" >&2
  exit 1
fi

logs=.build/stress
rm -rf "$logs"
mkdir -p "$logs"

busy=()
stop_load() {
  for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null; done
  busy=()
}
trap stop_load EXIT INT TERM
for _ in $(seq 1 "$load"); do
  (while :; do :; done) &
  busy+=($!)
done
echo "load: $load busy-loop processes beside each run, on $(nproc) cores"

passed=0
failed=0
for k in $(seq 1 "$runs"); do
  log="$logs/run-$k.log"
  start=$(date +%s)
  if timeout 1800 swift test --skip-build "$@" >"$log" 2>&1; then
    passed=$((passed + 1))
    echo "run $k/$runs: passed in $(($(date +%s) - start)) s"
  else
    failed=$((failed + 1))
    echo "run $k/$runs: FAILED in $(($(date +%s) - start)) s ($log)"
    grep -E '^✘ Test .* (recorded an issue|failed)' "$log" | sed 's/^/  /' | head -n 20
  fi
done
stop_load

if [ "$failed" -gt 0 ]; then
  echo
  echo "failing tests (runs in which each failed):"
  for log in "$logs"/run-*.log; do
    sed -nE 's/^✘ Test (".*")( recorded an issue| failed).*/\1/p' "$log" | sort -u
  done | sort | uniq -c | sort -rn
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

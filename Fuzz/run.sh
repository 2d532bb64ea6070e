#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer (and UndefinedBehaviorSanitizer where the toolchain
# supports it for this platform: probed below), then runs each one for SECONDS.
#
# Usage: Fuzz/run.sh SECONDS [TARGET...]     (default: every target)
#
# Each target starts from its seed corpus (Fuzz/Corpus/<target>, never written) and a working corpus that grows
# between runs (Fuzz/.build/corpus/<target>), with the JSON/SSE/HTTP dictionary Fuzz/fuzz.dict. The script stops at
# the first crash, broken contract, leak, timeout (-timeout=5 s for one input) or out-of-memory
# (-rss_limit_mb=2048), prints the reproducer's path and exits 1. A clean run prints one line per target:
# executions, executions per second, coverage (edges), features, corpus size.
#
# Reproduce a finding:  Fuzz/.build/release/<target> <reproducer>
set -euo pipefail

seconds="${1:?usage: Fuzz/run.sh SECONDS [TARGET...]}"
shift
cd "$(dirname "$0")"
all=(FuzzJSONParser FuzzSSEParser FuzzToolCallAssembly FuzzToolCallText FuzzSchemaValidator FuzzSkillManifest
  FuzzTimeline FuzzHTTPRequest FuzzMCPFraming FuzzTimelineHTML)
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=("${all[@]}")

# UBSan: used when swiftc accepts it for this target. Swift 6.3 on x86_64 Linux does not ("unsupported option
# '-sanitize=undefined' for target 'x86_64-unknown-linux-gnu'"), so there the build is libFuzzer + ASan only.
sanitizers=fuzzer,address
probe="$(mktemp -d)"
printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ d: UnsafeRawPointer, _ n: Int) -> CInt { 0 }\n' >"$probe/p.swift"
if swiftc -sanitize=fuzzer,address,undefined -parse-as-library -typecheck "$probe/p.swift" >/dev/null 2>&1; then
  sanitizers=fuzzer,address,undefined
fi
rm -rf "$probe"
echo "fuzz: sanitizers $sanitizers"
flags=(-c release -Xswiftc "-sanitize=$sanitizers" -Xswiftc -enable-testing -Xswiftc -parse-as-library)
swift build "${flags[@]}" 2>&1 | { grep -v "Cannot export local symbol '__asan_extra_spill_area'" || true; } || {
  echo "fuzz: build failed" >&2
  exit 2
}
bin="$(swift build "${flags[@]}" --show-bin-path)"

# Swift's own crash handler would fight ASan's; libFuzzer reports the crash and keeps the input.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:handle_abort=1}"
# Leaks inside the toolchain's Foundation (see lsan.supp) are not the package's.
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$(pwd)/lsan.supp}"

mkdir -p .build/artifacts
status=0
for target in "${targets[@]}"; do
  seeds="Corpus/$target"
  work=".build/corpus/$target"
  log=".build/artifacts/$target.log"
  mkdir -p "$work" "$seeds"
  extra=()
  case "$target" in
  # FuzzMCPFraming serves each input on an async server (Swift concurrency tasks, the main queue). libFuzzer's
  # per-input leak check re-runs every input after which more blocks were allocated than freed and scans the heap;
  # the async runtime nearly always leaves such blocks behind for a moment (tasks that end just after the input
  # returns, the task allocator's and dispatch's caches), so the check ran after almost every input, cost 3-4x
  # the speed and found nothing. It is off for this target only: LeakSanitizer still checks the whole run at
  # exit, and the target itself fails an input whose connection is not released after the client disconnects
  # (the retain cycle a leak check would find).
  FuzzMCPFraming) extra=(-detect_leaks=0) ;;
  esac
  if "$bin/$target" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -dict=fuzz.dict "${extra[@]}" \
    -artifact_prefix=".build/artifacts/$target-" -print_final_stats=1 -close_fd_mask=1 \
    "$work" "$seeds" >"$log" 2>&1; then
    runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")"
    speed="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")"
    done_line="$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' "$log" | tail -1)"
    cov="$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$done_line")"
    ft="$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$done_line")"
    corp="$(sed -n 's/.* corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p' <<<"$done_line")"
    printf 'fuzz: %-22s ok  %10s runs  %7s exec/s  cov %6s  ft %6s  corpus %s\n' \
      "$target" "$runs" "$speed" "$cov" "$ft" "$corp"
  else
    echo "fuzz: $target FAILED (log: Fuzz/$log)" >&2
    grep -E 'contract broken|ERROR: libFuzzer|ERROR: AddressSanitizer|ERROR: LeakSanitizer|SUMMARY' "$log" | head -5 >&2
    reproducer="$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)"
    [ -n "$reproducer" ] && echo "fuzz: reproducer: $(pwd)/$reproducer  (run: $bin/$target $(pwd)/$reproducer)" >&2
    status=1
    break
  fi
done
exit "$status"

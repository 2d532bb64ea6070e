#!/usr/bin/env bash
# Type-checks the package against Apple's iOS 17 / macOS 14 SDKs with the kit in
# ../shared/apple-sdk (see its README.md): first the kit's selftest, so a broken kit
# fails loudly, then every library target, the example app, README's SwiftUI blocks
# and the examples of the documentation that need Apple's SDKs (.ci/doc-snippets.sh:
# those of the SwiftUI modules and articles, and the Apple-only ones of the other
# modules, behind `#if canImport(UIKit)`, `#if canImport(FoundationModels)`, …),
# with warnings as errors.
#
#   .ci/apple-sdk.sh [all|ios|macos]
#
# Without the kit (a fork's CI) it says that the Apple check was skipped and exits 0.
# The kit's caches live under .build/. When the kit arrived with its symbolic links
# turned into small text files holding the link's target (some copies lose links),
# the check runs on a repaired copy under .build/apple-sdk-kit instead.
set -euo pipefail
cd "$(dirname "$0")/.."
platforms="${1:-all}"

kit="${APPLE_SDK_KIT:-../shared/apple-sdk}"
if [ ! -x "$kit/check.sh" ]; then
  echo "Apple SDK check skipped: no kit at $kit (it type-checks against Apple's SDKs; see README, Platforms)."
  exit 0
fi
kit="$(cd "$kit" && pwd -P)"

# Finds the files of a kit's SDKs that stand for lost links (a short text holding a
# relative path that resolves inside the kit); with --repair, replaces them by the
# links, pass after pass (a link may point through another one), and prints how many.
lost_links() {
  python3 - "$@" <<'PY'
import os, sys
root, repair = sys.argv[1], "--repair" in sys.argv[2:]
def lost():
    for folder, _, files in os.walk(os.path.join(root, "sdk")):
        for name in files:
            path = os.path.join(folder, name)
            if os.path.islink(path) or os.path.getsize(path) > 255:
                continue
            try:
                target = open(path, "rb").read().decode("utf-8").rstrip("\n")
            except UnicodeDecodeError:
                continue
            if not target or target.startswith("/") or any(c in target for c in " \t\n#{}();*<>\"'"):
                continue
            resolved = os.path.normpath(os.path.join(folder, target))
            if resolved.startswith(root + os.sep) and os.path.exists(resolved):
                yield path, target
fixed = 0
while True:
    found = list(lost())
    if not repair or not found:
        break
    for path, target in found:
        os.remove(path)
        os.symlink(target, path)
        fixed += 1
print(fixed if repair else len(found))
PY
}

if [ "$(lost_links "$kit")" != 0 ]; then
  copy="$(pwd -P)/.build/apple-sdk-kit"
  # The copy is made again only when the kit changed, so the SDK module cache stays valid.
  stamp="$kit $(cd "$kit" && find . -printf '%p %s %T@\n' | LC_ALL=C sort | cksum)"
  if [ ! -f "$copy.stamp" ] || [ "$(cat "$copy.stamp")" != "$stamp" ]; then
    rm -rf "$copy" "$copy.stamp"
    mkdir -p "$(dirname "$copy")"
    cp -a "$kit" "$copy"
    chmod -R u+w "$copy"
    echo "The kit at $kit holds symbolic links stored as text files;" \
      "$(lost_links "$copy" --repair) links restored in a copy at $copy."
    printf '%s\n' "$stamp" >"$copy.stamp"
  fi
  echo "Checking with the repaired copy of the kit at $copy."
  kit="$copy"
  [ "$(lost_links "$kit")" = 0 ] || { echo "error: could not restore the kit's links" >&2; exit 2; }
fi

export APPLE_SDK_CACHE="${APPLE_SDK_CACHE:-.build/apple-sdk-cache}"
# The examples of the doc comments and articles that need Apple's SDKs, as extra modules.
mapfile -t snippet_modules < <(.ci/doc-snippets.sh .build/doc-snippets)
export APPLE_SDK_EXTRA_MODULES="${snippet_modules[*]}"
"$kit/check.sh" selftest "$platforms"
"$kit/check.sh" "$platforms" --warnings-as-errors

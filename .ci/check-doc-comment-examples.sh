#!/usr/bin/env bash
# Type-checks the ```swift examples in the doc comments of the library modules
# without SwiftUI (AgentSkill, AgentSkillLLM, AgentSkillOffline, AgentSkillMCP, the
# testing modules), as .ci/doc-snippets.sh --library writes them, against the
# built modules and the SwiftUI interface shim (some of these examples show a view).
# Called by .ci/build-docs.sh, which emits the shim:
#
#   .ci/check-doc-comment-examples.sh SHIM_MODULES_DIR BUILT_MODULES_DIR
#
# An example that starts with a statement is checked as the body of an async
# throwing main-actor function; the warnings that wrapping causes (a `let` the
# fragment shows but does not use, an unused result the comment describes) are
# allowed, every other warning fails.
#
# Every example must compile. The Apple-only ones (in a file behind
# `#if canImport(UIKit)`, `#if canImport(FoundationModels)` and the like; see
# .ci/doc-snippets.sh) cannot compile here: .ci/apple-sdk.sh type-checks them
# against Apple's SDKs, and this check counts them.
set -euo pipefail
cd "$(dirname "$0")/.."
shim="${1:?usage: .ci/check-doc-comment-examples.sh SHIM_MODULES_DIR BUILT_MODULES_DIR}"
modules="${2:?usage: .ci/check-doc-comment-examples.sh SHIM_MODULES_DIR BUILT_MODULES_DIR}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
dir="$(.ci/doc-snippets.sh --library "$work/snippets")"

# The examples of `package` declarations (internal tools documented for
# contributors) compile with the package name SwiftPM gave the modules.
package_name=()
description="$modules/../description.json"
if [ -f "$description" ]; then
  name="$(grep -A1 '"-package-name"' "$description" | sed -n '2s/[ ",]//gp')"
  [ -n "$name" ] && package_name=(-package-name "$name")
fi

status=0
swiftc -swift-version 6 -parse-as-library "${package_name[@]}" -I "$shim" -I "$modules" -typecheck \
  -module-name LibraryDocCommentExamples "$dir/Fixtures.swift" "$dir/Snippets.swift" >"$work/log" 2>&1 || status=$?

# Diagnostics of the fixtures are errors of this check, never of an example.
if grep -E "^[^ ]*/(Fixtures|Snippets)\.swift:[0-9]+:[0-9]+: (error|warning):" "$work/log"; then
  echo "error: the doc example fixtures (Tools/DocSnippets) or the generated wrappers do not compile (above)." >&2
  exit 1
fi

allowed='was never used|was never mutated|is unused|no calls to throwing functions occur within|no .async. operations occur within|will never be executed'
# file, line and kind of each diagnostic that counts
awk -v allowed="$allowed" '
  match($0, /^[^: ]+\.swift:[0-9]+:[0-9]+: (error|warning): /) {
    split($0, parts, ":")
    kind = ($0 ~ /: error: /) ? "error" : "warning"
    if (kind == "warning" && $0 ~ allowed) next
    print parts[1] "\t" parts[2] "\t" $0
  }
' "$work/log" >"$work/diagnostics.tsv"

# the examples with a diagnostic, as "file#number"
awk -F '\t' '
  NR == FNR { file[NR] = $1; number[NR] = $2; first[NR] = $3; last[NR] = $4; count = NR; next }
  {
    for (i = 1; i <= count; i++) {
      if (file[i] == $1 && $2 >= first[i] && $2 <= last[i]) { print file[i] "#" number[i]; break }
    }
  }
' "$dir/index.tsv" "$work/diagnostics.tsv" | LC_ALL=C sort -u >"$work/failing.txt"

if [ "$status" -ne 0 ] && [ ! -s "$work/failing.txt" ]; then
  cat "$work/log" >&2
  echo "error: the doc comment examples failed to type-check, but no diagnostic points at an example (above)." >&2
  exit 1
fi

included=$(wc -l <"$dir/index.tsv")
failing=$(wc -l <"$work/failing.txt")
apple_only=$(wc -l <"$dir/apple-only.txt")
if [ "$status" -ne 0 ] || [ "$failing" -gt 0 ]; then
  echo "error: these doc comment examples do not compile (fix them; the diagnostics follow):" >&2
  sed 's/^/    /' "$work/failing.txt" >&2
  cut -f 3- "$work/diagnostics.tsv" >&2
  exit 1
fi
echo "    doc comment examples of the library modules: all $included type-check on Linux;" \
  "the $apple_only Apple-only ones are type-checked against Apple's SDKs by .ci/apple-sdk.sh"
